import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getPerson } from '@/lib/people/persons/get-person';
import { PersonIdParams, UpdatePersonBody } from '@/lib/people/persons/schemas';
import { updatePerson } from '@/lib/people/persons/update-person';
import { isRegistrySyncOn } from '@/lib/registry/adapter/get-registry-adapter';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/persons/{id} – a person's detail (ADMIN, the COACH duty, or the person themselves)
  GET: route({ role: 'EMPLOYEE', params: PersonIdParams }, async ({ tx, ctx, params }) => ok(await getPerson(tx, ctx, params.id))),

  // PATCH /api/v1/persons/{id} – change a person; registry-mastered fields of a mirrored person become a change proposal
  PATCH: route({ role: 'ADMIN', params: PersonIdParams, body: UpdatePersonBody }, async ({ tx, ctx, params, body }) =>
    ok(await updatePerson(tx, ctx, params.id, body, { registrySync: isRegistrySyncOn() })),
  ),
});
