import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { listCodelists } from '@/lib/registry/codelists/read-codelists';

// GET /api/v1/codelists – every code list (registry and local) with its source, cadence, last sync and counts
export const GET = route({ role: 'EMPLOYEE' }, async ({ tx }) => ok({ data: await listCodelists(tx) }));

export const PUT = methodNotAllowed(['GET']);
export const POST = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
