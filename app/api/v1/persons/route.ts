import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { createPerson } from '@/lib/people/persons/create-person';
import { listPersons } from '@/lib/people/persons/list-persons';
import { CreatePersonBody, ListPersonsQuery } from '@/lib/people/persons/schemas';
import { isRegistrySyncOn } from '@/lib/registry/adapter/get-registry-adapter';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/persons – the directory of persons (ADMIN or the COACH duty)
  GET: route({ role: 'EMPLOYEE', query: ListPersonsQuery }, async ({ tx, ctx, query }) => ok(await listPersons(tx, ctx, query))),

  // POST /api/v1/persons – register a new person (ADMIN); with a registry, pending_registration until it accepts
  POST: route({ role: 'ADMIN', body: CreatePersonBody }, async ({ tx, ctx, body }) => {
    const person = await createPerson(tx, ctx, body, { registrySync: isRegistrySyncOn() });
    return created(person, `/api/v1/persons/${person.id}`);
  }),
});
