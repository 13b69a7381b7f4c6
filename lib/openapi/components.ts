import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { nameSchema } from './name-schema';

export const BEARER_AUTH = 'bearerAuth';

const ref = (type: 'headers' | 'schemas', name: string) => ({ $ref: `#/components/${type}/${name}` });

export const headerRefs = {
  limit: ref('headers', 'X-RateLimit-Limit'),
  remaining: ref('headers', 'X-RateLimit-Remaining'),
  reset: ref('headers', 'X-RateLimit-Reset'),
  requestId: ref('headers', 'X-Request-Id'),
  retryAfter: ref('headers', 'Retry-After'),
  wwwAuthenticate: ref('headers', 'WWW-Authenticate'),
  location: ref('headers', 'Location'),
};

export const schemaRefs = {
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
  registry.registerComponent('headers', 'Location', {
    description: 'Path of the created resource, for example /api/v1/assets/{id}.',
    schema: { type: 'string', format: 'uri-reference' },
  });
}
