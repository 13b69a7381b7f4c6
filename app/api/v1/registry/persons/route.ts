import { json } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { listSyncPersons } from '@/lib/registry/sync-admin/list-sync-persons';
import { ListSyncPersonsQuery } from '@/lib/registry/sync-admin/schemas';

// GET /api/v1/registry/persons – every person's sync status, registry id and last sync, filterable by status
export const GET = route({ role: 'ADMIN', query: ListSyncPersonsQuery }, async ({ tx, ctx, query }) => json(await listSyncPersons(tx, ctx, query)));

export const POST = methodNotAllowed(['GET']);
export const PUT = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
