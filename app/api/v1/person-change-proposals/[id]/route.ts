import { ok } from '@/lib/api/responses';
import { methodNotAllowed, route } from '@/lib/api/route';
import { getProposal } from '@/lib/proposals/list-proposals';
import { ProposalIdParams } from '@/lib/proposals/schemas';

// GET /api/v1/person-change-proposals/{id} – one proposal with its state, submission and outcome
export const GET = route({ role: 'ADMIN', params: ProposalIdParams }, async ({ tx, ctx, params }) => ok(await getProposal(tx, ctx, params.id)));

export const PUT = methodNotAllowed(['GET']);
export const POST = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
