import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { getPerson } from '@/lib/people/persons/get-person';
import { PersonIdParams, UpdatePersonBody } from '@/lib/people/persons/schemas';
import { updatePerson } from '@/lib/people/persons/update-person';
import { isRegistrySyncOn } from '@/lib/registry/adapter/get-registry-adapter';

// GET /api/v1/persons/{id} – a person's detail (ADMIN, the COACH duty, or the person themselves)
export const GET = route({ role: 'EMPLOYEE', params: PersonIdParams }, async ({ tx, ctx, params }) => ok(await getPerson(tx, ctx, params.id)));

// PATCH /api/v1/persons/{id} – change a person; registry-mastered fields of a mirrored person become a change proposal
export const PATCH = route({ role: 'ADMIN', params: PersonIdParams, body: UpdatePersonBody }, async ({ tx, ctx, params, body }) =>
  ok(await updatePerson(tx, ctx, params.id, body, { registrySync: isRegistrySyncOn() })),
);

export const PUT = methodNotAllowed(['GET', 'PATCH']);
export const POST = methodNotAllowed(['GET', 'PATCH']);
export const DELETE = methodNotAllowed(['GET', 'PATCH']);
