import { ok } from '@/lib/api/responses';
import { methodNotAllowed, route } from '@/lib/api/route';
import { listPersons } from '@/lib/persons/list-persons';
import { ListPersonsQuery } from '@/lib/persons/schemas';

// GET /api/v1/persons – the directory of persons (ADMIN or the COACH duty)
export const GET = route({ role: 'EMPLOYEE', query: ListPersonsQuery }, async ({ tx, ctx, query }) => ok(await listPersons(tx, ctx, query)));

export const PUT = methodNotAllowed(['GET']);
export const POST = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
