import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { listCodelists } from '@/lib/registry/codelists/read-codelists';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/codelists – every code list (registry and local) with its source, cadence, last sync and counts
  GET: route({ role: 'EMPLOYEE' }, async ({ tx }) => ok({ data: await listCodelists(tx) })),
});
