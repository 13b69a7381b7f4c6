import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { updateCustomCodelistValue } from '@/lib/registry/codelists/custom-values';
import { CodelistValueParams, UpdateCodelistValueBody } from '@/lib/registry/codelists/schemas';

// PATCH /api/v1/codelists/{name}/values/{id} – relabel, deactivate or reactivate a custom value; registry values are read-only (409)
export const PATCH = route({ role: 'ADMIN', params: CodelistValueParams, body: UpdateCodelistValueBody }, async ({ tx, ctx, params, body }) =>
  ok(await updateCustomCodelistValue(tx, ctx, params.name, params.id, body)),
);

export const GET = methodNotAllowed(['PATCH']);
export const PUT = methodNotAllowed(['PATCH']);
export const POST = methodNotAllowed(['PATCH']);
export const DELETE = methodNotAllowed(['PATCH']);
