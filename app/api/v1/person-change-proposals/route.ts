import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { listProposals } from '@/lib/registry/proposals/list-proposals';
import * as proposals from '@/lib/transport/operations/registry/proposals';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(proposals.listPersonChangeProposals, async ({ tx, ctx, query }) => ok(await listProposals(tx, ctx, query))),
});
