import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { listProposals } from '@/lib/registry/proposals/list-proposals';
import { ListProposalsQuery } from '@/lib/registry/proposals/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/person-change-proposals – the proposals queue, oldest first (?status=, ?personId=)
  GET: route({ role: 'ADMIN', query: ListProposalsQuery }, async ({ tx, ctx, query }) => ok(await listProposals(tx, ctx, query))),
});
