import { json } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { listMismatches } from '@/lib/registry/backfill/mismatches';
import { ListMismatchesQuery } from '@/lib/registry/backfill/schemas';

// GET /api/v1/registry/backfill/mismatches – persons whose registry record differs, for the admin to decide
export const GET = route({ role: 'ADMIN', query: ListMismatchesQuery }, async ({ tx, ctx, query }) => json(await listMismatches(tx, ctx, query)));

export const POST = methodNotAllowed(['GET']);
export const PUT = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
