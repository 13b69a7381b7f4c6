import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { getPerson } from '@/lib/people/persons/get-person';

// GET /api/v1/persons/me – the caller's own person, national identifier included
export const GET = route({ role: 'EMPLOYEE' }, async ({ tx, ctx }) => ok(await getPerson(tx, ctx, ctx.user.personId)));

export const PUT = methodNotAllowed(['GET']);
export const POST = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
