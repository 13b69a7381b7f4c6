import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getCodelist } from '@/lib/registry/codelists/read-codelists';
import { CodelistNameParams } from '@/lib/registry/codelists/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/codelists/{name} – the list's registry values and this organisation's custom values
  GET: route({ role: 'EMPLOYEE', params: CodelistNameParams }, async ({ tx, params }) => ok(await getCodelist(tx, params.name))),
});
