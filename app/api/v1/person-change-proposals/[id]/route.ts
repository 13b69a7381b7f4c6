import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { getProposal } from '@/lib/registry/proposals/list-proposals';
import { ProposalIdParams } from '@/lib/registry/proposals/schemas';

// GET /api/v1/person-change-proposals/{id} – one proposal with its state, submission and outcome
export const GET = route({ role: 'ADMIN', params: ProposalIdParams }, async ({ tx, ctx, params }) => ok(await getProposal(tx, ctx, params.id)));

export const PUT = methodNotAllowed(['GET']);
export const POST = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
