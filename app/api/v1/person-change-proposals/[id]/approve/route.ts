import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { approveProposal } from '@/lib/registry/proposals/approve-proposal';
import { getProposal } from '@/lib/registry/proposals/list-proposals';
import { isRegistrySyncOn } from '@/lib/registry/adapter/get-registry-adapter';
import * as proposals from '@/lib/transport/operations/registry/proposals';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  POST: route(proposals.approvePersonChangeProposal, async ({ tx, ctx, params }) => {
    await approveProposal(tx, ctx, params.id, { via: 'admin', registrySync: isRegistrySyncOn() });
    return ok(await getProposal(tx, ctx, params.id));
  }),
});
