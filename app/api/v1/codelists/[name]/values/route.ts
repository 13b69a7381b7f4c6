import { created } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { createCustomCodelistValue } from '@/lib/registry/codelists/custom-values';
import { CodelistNameParams, CreateCodelistValueBody } from '@/lib/registry/codelists/schemas';

// POST /api/v1/codelists/{name}/values – add a custom value for this organisation (never sent to the registry)
export const POST = route({ role: 'ADMIN', params: CodelistNameParams, body: CreateCodelistValueBody }, async ({ tx, ctx, params, body }) => {
  const value = await createCustomCodelistValue(tx, ctx, params.name, body);
  return created(value, `/api/v1/codelists/${params.name}/values/${value.id}`);
});

export const GET = methodNotAllowed(['POST']);
export const PUT = methodNotAllowed(['POST']);
export const PATCH = methodNotAllowed(['POST']);
export const DELETE = methodNotAllowed(['POST']);
