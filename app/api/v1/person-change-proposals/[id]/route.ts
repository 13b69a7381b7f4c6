import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getProposal } from '@/lib/registry/proposals/list-proposals';
import * as proposals from '@/lib/transport/operations/registry/proposals';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(proposals.getPersonChangeProposal, async ({ tx, ctx, params }) => ok(await getProposal(tx, ctx, params.id))),
});
