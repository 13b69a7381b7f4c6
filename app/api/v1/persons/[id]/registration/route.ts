import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { registerPersonWithRegistry } from '@/lib/people/persons/register-person-with-registry';
import { PersonIdParams } from '@/lib/people/persons/schemas';
import { isRegistrySyncOn } from '@/lib/registry/adapter/get-registry-adapter';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // POST /api/v1/persons/{id}/registration – propose a local-only person to the registry as a new record (ADMIN)
  POST: route({ role: 'ADMIN', params: PersonIdParams }, async ({ tx, ctx, params }) =>
    ok(await registerPersonWithRegistry(tx, ctx, params.id, { registrySync: isRegistrySyncOn() })),
  ),
});
