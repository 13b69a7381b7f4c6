import { json } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { resolveSyncConflict } from '@/lib/registry/conflicts/resolve-sync-conflict';
import { ResolveSyncConflictBody, SyncConflictIdParams } from '@/lib/registry/conflicts/schemas';

// POST /api/v1/registry/conflicts/{id}/resolve – take the registry's value: close the conflict (audited)
export const POST = route({ role: 'ADMIN', params: SyncConflictIdParams, body: ResolveSyncConflictBody }, async ({ tx, ctx, params, body }) =>
  json(await resolveSyncConflict(tx, ctx, { id: params.id, body })),
);

export const GET = methodNotAllowed(['POST']);
export const PUT = methodNotAllowed(['POST']);
export const PATCH = methodNotAllowed(['POST']);
export const DELETE = methodNotAllowed(['POST']);
