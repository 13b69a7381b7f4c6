import { ok } from '@/lib/api/responses';
import { methodNotAllowed, route } from '@/lib/api/route';
import { getCodelist } from '@/lib/codelists/read-codelists';
import { CodelistNameParams } from '@/lib/codelists/schemas';

// GET /api/v1/codelists/{name} – the list's registry values and this organisation's custom values
export const GET = route({ role: 'EMPLOYEE', params: CodelistNameParams }, async ({ tx, params }) => ok(await getCodelist(tx, params.name)));

export const PUT = methodNotAllowed(['GET']);
export const POST = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
