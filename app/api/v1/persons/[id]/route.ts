import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getPerson } from '@/lib/people/persons/get-person';
import { updatePerson } from '@/lib/people/persons/update-person';
import { isRegistrySyncOn } from '@/lib/registry/adapter/get-registry-adapter';
import * as persons from '@/lib/transport/operations/people/persons';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(persons.getPerson, async ({ tx, ctx, params }) => ok(await getPerson(tx, ctx, params.id))),

  PATCH: route(persons.updatePerson, async ({ tx, ctx, params, body }) =>
    ok(await updatePerson(tx, ctx, params.id, body, { registrySync: isRegistrySyncOn() })),
  ),
});
