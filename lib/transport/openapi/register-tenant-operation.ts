import type { OpenAPIRegistry, ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { hasRole, roles } from '@/lib/platform/auth/roles';
import type { Operation } from '@/lib/transport/operations/operation';
import { headerRefs, parameterRefs, schemaRefs } from './components';
import type { ErrorCode } from './error-catalogue';
import { buildErrorResponses } from './error-responses';
import { REPLAYED_HEADER } from '@/lib/transport/http/idempotency';


// What route() can answer for any operation: tenant lookup, rate limit, token, role, and the catch-all.
const everyOperation: ErrorCode[] = ['UNAUTHENTICATED', 'FORBIDDEN', 'TENANT_NOT_FOUND', 'RATE_LIMITED', 'DATABASE_UNAVAILABLE', 'INTERNAL_ERROR'];
// What the Idempotency-Key adds to every POST (lib/transport/http/idempotency.ts), besides the 400 of an invalid key.
const idempotencyErrors: ErrorCode[] = ['IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_USE'];

function successResponse({ status, description, schema, mediaType = 'application/json', headers }: Operation['success'], method: Operation['method']): ResponseConfig {
  return {
    description,
    headers: {
      'X-RateLimit-Limit': headerRefs.limit,
      'X-RateLimit-Remaining': headerRefs.remaining,
      'X-RateLimit-Reset': headerRefs.reset,
      'X-Request-Id': headerRefs.requestId,
      ...(status === 201 || status === 202 ? { Location: headerRefs.location } : {}),
      ...(method === 'post' ? { [REPLAYED_HEADER]: headerRefs.idempotentReplayed } : {}),
      ...headers,
    },
    ...(schema ? { content: Object.fromEntries([mediaType].flat().map((type) => [type, { schema }])) } : {}),
  };
}

function errorCodesOf(operation: Operation): ErrorCode[] {
  const isPost = operation.method === 'post';
  const hasInput = Boolean(operation.params ?? operation.query ?? operation.body) || isPost;
  const codes: ErrorCode[] = [
    ...everyOperation,
    // A write a unique constraint refuses, where no domain check named the conflict first (lib/transport/http/to-api-error.ts).
    ...(operation.method === 'get' ? [] : (['CONFLICT'] as const)),
    ...(hasInput ? (['VALIDATION_ERROR'] as const) : []),
    ...(isPost ? idempotencyErrors : []),
    // A POST without a body schema still reads the body it is sent (EmptyBody: nothing, or an empty JSON object).
    ...(operation.body || operation.upload || isPost ? (['PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'] as const) : []),
    ...(operation.errors ?? []),
  ];
  return [...new Set(codes)];
}

export function registerTenantOperation(registry: OpenAPIRegistry, operation: Operation): void {
  const { method, path, operationId, summary, description, tag, role, params, query, body, success } = operation;
  registry.registerPath({
    method,
    path,
    operationId,
    summary,
    tags: [tag],
    description: [description, `Minimum role: **${role}** (the named role or a higher one).`].filter(Boolean).join('\n\n'),
    'x-roles': roles.filter((candidate) => hasRole(candidate, role)),
    ...(method === 'post' ? { parameters: [parameterRefs.idempotencyKey] } : {}),
    request: {
      params,
      query,
      ...(body ? { body: { required: true, content: { 'application/json': { schema: body } } } } : {}),
      ...(operation.upload
        ? { body: { required: true, description: operation.upload.description, content: Object.fromEntries(operation.upload.mediaTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])) } }
        : {}),
      ...(!body && !operation.upload && method === 'post' ? { body: { required: false, description: 'None, or an empty JSON object.', content: { 'application/json': { schema: schemaRefs.emptyBody } } } } : {}),
    },
    responses: {
      [success.status]: successResponse(success, method),
      ...(operation.alsoSuccess ? { [operation.alsoSuccess.status]: successResponse(operation.alsoSuccess, method) } : {}),
      ...buildErrorResponses(errorCodesOf(operation)) },
  });
}
