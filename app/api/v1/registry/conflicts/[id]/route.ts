import { json } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { getSyncConflict } from '@/lib/registry/conflicts/list-sync-conflicts';
import { SyncConflictIdParams } from '@/lib/registry/conflicts/schemas';

// GET /api/v1/registry/conflicts/{id} – one sync conflict: base, local and registry values
export const GET = route({ role: 'ADMIN', params: SyncConflictIdParams }, async ({ tx, ctx, params }) => json(await getSyncConflict(tx, ctx, params.id)));

export const POST = methodNotAllowed(['GET']);
export const PUT = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
