import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { listCodelists } from '@/lib/registry/codelists/read-codelists';
import * as codelists from '@/lib/transport/operations/registry/codelists';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(codelists.listCodelists, async ({ tx }) => ok({ data: await listCodelists(tx) })),
});
