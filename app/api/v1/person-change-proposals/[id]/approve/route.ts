import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { approveProposal } from '@/lib/registry/proposals/approve-proposal';
import { getProposal } from '@/lib/registry/proposals/list-proposals';
import { ProposalIdParams } from '@/lib/registry/proposals/schemas';
import { isRegistrySyncOn } from '@/lib/registry/adapter/get-registry-adapter';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // POST /api/v1/person-change-proposals/{id}/approve – pending -> approved_locally (or accepted, applied here, for a local-only person or in phase 0)
  POST: route({ role: 'ADMIN', params: ProposalIdParams }, async ({ tx, ctx, params }) => {
    await approveProposal(tx, ctx, params.id, { via: 'admin', registrySync: isRegistrySyncOn() });
    return ok(await getProposal(tx, ctx, params.id));
  }),
});
