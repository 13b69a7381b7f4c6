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

const Ready = named(
  'Ready',
  z.object({
    status: z.literal('ready'),
    database: z.object({ status: z.literal('ok'), latencyMs: z.number().int().min(0).describe('Round trip of the query asking whether the database is the writable primary.') }),
  }),
);

const NotReady = named(
  'NotReady',
  z.object({
    error: z.object({
      code: z
        .enum(['INSTANCE_DRAINING', 'DATABASE_UNAVAILABLE', 'DATABASE_READ_ONLY'])
        .describe('INSTANCE_DRAINING: SIGTERM arrived, in-flight requests and job runs are finishing. DATABASE_UNAVAILABLE: the database does not answer. DATABASE_READ_ONLY: the database reached is a standby.'),
      message: z.string(),
      details: z.record(z.string(), z.unknown()),
    }),
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
    description:
      'Liveness and database reachability. Needs no token and no tenant; not rate limited. A process that answers is alive; whether a load balancer should send it requests is `GET /health/ready`.',
    tags: ['Health'],
    security: [],
    responses: {
      200: { description: 'The service and its database answer.', content: { 'application/json': { schema: HealthOk } } },
      503: { description: 'The database is unreachable.', content: { 'application/json': { schema: HealthUnavailable } } },
    },
  },
});

export const getReadiness = defineDocumentedOperation({
  method: 'get',
  path: '/health/ready',
  document: {
    operationId: 'getReadiness',
    summary: 'Check readiness',
    description:
      'Whether this instance should receive requests: its database answers as the writable primary and it is not shutting down. Load balancers check this, not `GET /health`: from SIGTERM on it answers 503 while in-flight requests and job runs finish. Needs no token and no tenant; not rate limited.',
    tags: ['Health'],
    security: [],
    responses: {
      200: { description: 'Ready for requests.', content: { 'application/json': { schema: Ready } } },
      503: { description: 'Not ready; the error code says why.', content: { 'application/json': { schema: NotReady } } },
    },
  },
});
