import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getProposal } from '@/lib/registry/proposals/list-proposals';
import { ProposalIdParams } from '@/lib/registry/proposals/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/person-change-proposals/{id} – one proposal with its state, submission and outcome
  GET: route({ role: 'ADMIN', params: ProposalIdParams }, async ({ tx, ctx, params }) => ok(await getProposal(tx, ctx, params.id))),
});
