import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { registerPersonWithRegistry } from '@/lib/people/persons/register-person-with-registry';
import { isRegistrySyncOn } from '@/lib/registry/adapter/get-registry-adapter';
import * as persons from '@/lib/transport/operations/people/persons';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  POST: route(persons.registerPersonWithRegistry, async ({ tx, ctx, params }) =>
    ok(await registerPersonWithRegistry(tx, ctx, params.id, { registrySync: isRegistrySyncOn() })),
  ),
});
