import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getProposal } from '@/lib/registry/proposals/list-proposals';
import { rejectProposal } from '@/lib/registry/proposals/reject-proposal';
import * as proposals from '@/lib/transport/operations/registry/proposals';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  POST: route(proposals.rejectPersonChangeProposal, async ({ tx, ctx, params, body }) => {
    await rejectProposal(tx, ctx, params.id, body);
    return ok(await getProposal(tx, ctx, params.id));
  }),
});
