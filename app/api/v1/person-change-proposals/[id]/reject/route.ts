import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getProposal } from '@/lib/registry/proposals/list-proposals';
import { rejectProposal } from '@/lib/registry/proposals/reject-proposal';
import { ProposalIdParams, RejectProposalBody } from '@/lib/registry/proposals/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // POST /api/v1/person-change-proposals/{id}/reject – pending -> rejected with a reason the person is told
  POST: route({ role: 'ADMIN', params: ProposalIdParams, body: RejectProposalBody }, async ({ tx, ctx, params, body }) => {
    await rejectProposal(tx, ctx, params.id, body);
    return ok(await getProposal(tx, ctx, params.id));
  }),
});
