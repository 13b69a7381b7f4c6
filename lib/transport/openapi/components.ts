import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_PATTERN } from '@/lib/transport/http/idempotency-fingerprint';
import { EmptyBody } from '@/lib/transport/http/parse-request';
import { IDEMPOTENCY_KEY_LIFETIME_MS, IDEMPOTENCY_WAIT_MS, REPLAYED_HEADER } from '@/lib/transport/http/idempotency';
import { nameSchema } from './name-schema';

export const BEARER_AUTH = 'bearerAuth';

const ref = (type: 'headers' | 'schemas' | 'parameters', name: string) => ({ $ref: `#/components/${type}/${name}` });

export const headerRefs = {
  limit: ref('headers', 'X-RateLimit-Limit'),
  remaining: ref('headers', 'X-RateLimit-Remaining'),
  reset: ref('headers', 'X-RateLimit-Reset'),
  requestId: ref('headers', 'X-Request-Id'),
  retryAfter: ref('headers', 'Retry-After'),
  wwwAuthenticate: ref('headers', 'WWW-Authenticate'),
  location: ref('headers', 'Location'),
  idempotentReplayed: ref('headers', REPLAYED_HEADER),
};

export const parameterRefs = {
  idempotencyKey: ref('parameters', 'IdempotencyKey'),
};

export const schemaRefs = {
  emptyBody: ref('schemas', 'EmptyBody'),
  errorEnvelope: ref('schemas', 'ErrorEnvelope'),
  validationIssue: ref('schemas', 'ValidationIssue'),
};

/** The spec's error envelope (DESIGN.md invariant 7); `details` stays free-form. */
const ErrorEnvelope = z
  .object({
    error: z.object({
      code: z
        .string()
        .regex(/^[A-Z][A-Z0-9_]*$/)
        .describe('Upper-case error code. Each response lists the codes it can carry; new codes may be added within v1.'),
      message: z.string().describe('Human-readable explanation; not meant for parsing.'),
      details: z
        .record(z.string(), z.unknown())
        .describe('Free-form context, for example assetId and organisationId for ASSET_NOT_FOUND; {} when there is none.'),
    }),
  })
  .describe('Every error response, whatever the status, has this shape.');

const ValidationIssue = z
  .object({
    path: z.string().describe('Dot-separated path of the offending field or parameter; empty for the whole input.'),
    code: z.string().describe('Zod issue code, for example invalid_type, too_small, unrecognized_keys, or not_found for a reference.'),
    message: z.string(),
  })
  .describe('One schema violation in a 400 VALIDATION_ERROR response (details.issues[]).');

const integerHeader = (description: string) => ({ description, schema: { type: 'integer' as const, minimum: 0 } });

export function registerComponents(registry: OpenAPIRegistry): void {
  registry.register('ErrorEnvelope', nameSchema('ErrorEnvelope', ErrorEnvelope));
  registry.register('EmptyBody', nameSchema('EmptyBody', EmptyBody, { description: 'The body of a POST that takes no input: none at all, or this empty object. Any field is refused with 400 VALIDATION_ERROR.' }));
  registry.register('ValidationIssue', nameSchema('ValidationIssue', ValidationIssue));
  registry.registerComponent('securitySchemes', BEARER_AUTH, {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'Access token from the organisation\'s identity provider (OAuth 2.0 Authorization Code with PKCE): an RS256-signed JWT, valid for 1 hour, carrying the claims organisationId, userId and role.',
  });
  registry.registerComponent('headers', 'X-RateLimit-Limit', integerHeader('Requests allowed in the reported window (the per-minute or per-day window, whichever is closer to exhaustion; on a 429 the exhausted one).'));
  registry.registerComponent('headers', 'X-RateLimit-Remaining', integerHeader('Requests left in the reported window.'));
  registry.registerComponent('headers', 'X-RateLimit-Reset', integerHeader('When the reported window resets, in Unix epoch seconds.'));
  registry.registerComponent('headers', 'Retry-After', integerHeader('Seconds to wait before retrying (at least 1).'));
  registry.registerComponent('headers', 'X-Request-Id', {
    description: 'Identifier of this request; quote it when reporting a problem.',
    schema: { type: 'string', format: 'uuid' },
  });
  registry.registerComponent('headers', 'WWW-Authenticate', {
    description: 'Always `Bearer`: the authentication scheme the API expects.',
    schema: { type: 'string', const: 'Bearer' },
  });
  registry.registerComponent('parameters', 'IdempotencyKey', {
    name: IDEMPOTENCY_KEY_HEADER,
    in: 'header',
    required: false,
    description: [
      `Makes a retry safe: a POST carrying a key the same user used for the same request (path, query and body, compared by their SHA-256) in the last ${IDEMPOTENCY_KEY_LIFETIME_MS / 3_600_000} hours`,
      `is not run again; the first answer is replayed (status, body, Content-Type, Location) with \`${REPLAYED_HEADER}: true\`. Answers of the handler are kept, errors it reports included`,
      '(404, 409, 400 from the business rules); nothing is kept for 401, 403, 429, 5xx or a request refused before it ran, so those can be retried with the same key.',
      'The same key with another path or body is 422 `IDEMPOTENCY_KEY_REUSED`. A duplicate sent while the first is still running waits for it',
      `(up to ${IDEMPOTENCY_WAIT_MS / 1000} seconds, then 409 \`IDEMPOTENCY_KEY_IN_USE\`), so concurrent duplicates have one effect. Keys are per organisation and user;`,
      `1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters, a UUID v4 is a good choice. An invalid key is 400 \`VALIDATION_ERROR\` (\`details.location\` = \`header\`).`,
    ].join(' '),
    schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH, pattern: IDEMPOTENCY_KEY_PATTERN },
    example: '5f0c6a7e-3b1d-4c8e-9a2f-7d4e1b6c0a93',
  });
  registry.registerComponent('headers', REPLAYED_HEADER, {
    description: `\`true\` when this answer is the stored answer of an earlier request with the same ${IDEMPOTENCY_KEY_HEADER}; absent otherwise.`,
    schema: { type: 'string', const: 'true' },
  });
  registry.registerComponent('headers', 'Location', {
    description: 'Path of the created resource, for example /api/v1/assets/{id}.',
    schema: { type: 'string', format: 'uri-reference' },
  });
}
