import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getPerson } from '@/lib/people/persons/get-person';
import * as persons from '@/lib/transport/operations/people/persons';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(persons.getOwnPerson, async ({ tx, ctx }) => ok(await getPerson(tx, ctx, ctx.user.personId))),
});
