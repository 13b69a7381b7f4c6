import { json } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { listSyncConflicts } from '@/lib/registry/conflicts/list-sync-conflicts';
import { ListSyncConflictsQuery } from '@/lib/registry/conflicts/schemas';

// GET /api/v1/registry/conflicts – identity fields changed both at the registry and here, with their three values
export const GET = route({ role: 'ADMIN', query: ListSyncConflictsQuery }, async ({ tx, ctx, query }) => json(await listSyncConflicts(tx, ctx, query)));

export const POST = methodNotAllowed(['GET']);
export const PUT = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
