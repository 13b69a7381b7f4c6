import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { getCodelist } from '@/lib/registry/codelists/read-codelists';
import { CodelistNameParams } from '@/lib/registry/codelists/schemas';

// GET /api/v1/codelists/{name} – the list's registry values and this organisation's custom values
export const GET = route({ role: 'EMPLOYEE', params: CodelistNameParams }, async ({ tx, params }) => ok(await getCodelist(tx, params.name)));

export const PUT = methodNotAllowed(['GET']);
export const POST = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
