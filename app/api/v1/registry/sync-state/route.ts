import { json } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { getSyncState } from '@/lib/registry/sync-admin/get-sync-state';

// GET /api/v1/registry/sync-state – the nightly reconcile per entity: last run, last success, last error, changedSince
export const GET = route({ role: 'ADMIN' }, async ({ tx, ctx }) => json(await getSyncState(tx, ctx)));

export const POST = methodNotAllowed(['GET']);
export const PUT = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
