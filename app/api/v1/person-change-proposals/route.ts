import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { listProposals } from '@/lib/registry/proposals/list-proposals';
import { ListProposalsQuery } from '@/lib/registry/proposals/schemas';

// GET /api/v1/person-change-proposals – the proposals queue, oldest first (?status=, ?personId=)
export const GET = route({ role: 'ADMIN', query: ListProposalsQuery }, async ({ tx, ctx, query }) => ok(await listProposals(tx, ctx, query)));

export const PUT = methodNotAllowed(['GET']);
export const POST = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
