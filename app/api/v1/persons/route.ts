import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { createPerson } from '@/lib/people/persons/create-person';
import { listPersons } from '@/lib/people/persons/list-persons';
import { isRegistrySyncOn } from '@/lib/registry/adapter/get-registry-adapter';
import * as persons from '@/lib/transport/operations/people/persons';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(persons.listPersons, async ({ tx, ctx, query }) => ok(await listPersons(tx, ctx, query))),

  POST: route(persons.createPerson, async ({ tx, ctx, body }) => {
    const person = await createPerson(tx, ctx, body, { registrySync: isRegistrySyncOn() });
    return created(person, `/api/v1/persons/${person.id}`);
  }),
});
