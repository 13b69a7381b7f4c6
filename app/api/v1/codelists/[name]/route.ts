import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getCodelist } from '@/lib/registry/codelists/read-codelists';
import * as codelists from '@/lib/transport/operations/registry/codelists';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(codelists.getCodelist, async ({ tx, params }) => ok(await getCodelist(tx, params.name))),
});
