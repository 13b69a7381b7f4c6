import { z } from 'zod';
import { defineDocumentedOperation } from '../operation';
import { named } from '../named';

// The body app/api/health/route.ts writes; it has no request schema, so its shape is described here.
const HealthOk = named(
  'HealthOk',
  z.object({
    status: z.literal('ok'),
    database: z.object({
      status: z.literal('ok'),
      mode: z.enum(['postgres', 'pglite']).describe('pglite is the embedded in-process database of the default mode.'),
      latencyMs: z.number().int().min(0).describe('Round trip of a trivial query.'),
    }),
  }),
);

const HealthUnavailable = named(
  'HealthUnavailable',
  z.object({
    status: z.literal('error'),
    database: z.object({ status: z.literal('unreachable') }),
  }),
);

// The document app/api/openapi.json/route.ts serves: this one; described by its outline, not by itself.
const OpenApiDocument = named(
  'OpenApiDocument',
  z.object({
    openapi: z.string().describe('3.1.0'),
    info: z.record(z.string(), z.unknown()),
    paths: z.record(z.string(), z.unknown()),
    components: z.record(z.string(), z.unknown()).optional(),
  }),
);

export const getOpenApiDocument = defineDocumentedOperation({
  method: 'get',
  path: '/openapi.json',
  document: {
    operationId: 'getOpenApiDocument',
    summary: 'Get this OpenAPI document',
    description: 'The OpenAPI 3.1 description of this API, the one this reference is rendered from. Needs no token and no tenant; not rate limited; sent with `Access-Control-Allow-Origin: *`.',
    tags: ['Health'],
    security: [],
    responses: {
      200: {
        description: 'The document.',
        headers: { 'Cache-Control': { description: 'public, max-age=300', schema: { type: 'string' } } },
        content: { 'application/json': { schema: OpenApiDocument } },
      },
    },
  },
});

export const getHealth = defineDocumentedOperation({
  method: 'get',
  path: '/health',
  document: {
    operationId: 'getHealth',
    summary: 'Check health',
    description: 'Liveness and database reachability. Needs no token and no tenant; not rate limited.',
    tags: ['Health'],
    security: [],
    responses: {
      200: { description: 'The service and its database answer.', content: { 'application/json': { schema: HealthOk } } },
      503: { description: 'The database is unreachable.', content: { 'application/json': { schema: HealthUnavailable } } },
    },
  },
});
