import { ok } from '@/lib/api/responses';
import { methodNotAllowed, route } from '@/lib/api/route';
import { getProposal } from '@/lib/proposals/list-proposals';
import { rejectProposal } from '@/lib/proposals/reject-proposal';
import { ProposalIdParams, RejectProposalBody } from '@/lib/proposals/schemas';

// POST /api/v1/person-change-proposals/{id}/reject – pending -> rejected with a reason the person is told
export const POST = route({ role: 'ADMIN', params: ProposalIdParams, body: RejectProposalBody }, async ({ tx, ctx, params, body }) => {
  await rejectProposal(tx, ctx, params.id, body);
  return ok(await getProposal(tx, ctx, params.id));
});

export const GET = methodNotAllowed(['POST']);
export const PUT = methodNotAllowed(['POST']);
export const PATCH = methodNotAllowed(['POST']);
export const DELETE = methodNotAllowed(['POST']);
