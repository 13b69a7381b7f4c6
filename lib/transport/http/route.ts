import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Tx } from '@/db/client';
import { getDb } from '@/lib/platform/db/get-db';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import type { RequestContext, TenantOrganisation } from '@/lib/platform/core/context';
import { DomainError } from '@/lib/platform/core/errors';
import { admitCaller, enterAsCaller } from './admit-caller';
import { chargeClient, chargeLink, type LimitHeaders } from './charge-rate-limit';
import { readIdempotencyKey, runIdempotently } from './idempotency';
import { parseDeclaredBody, parseEmptyBody, parseParams, parseQuery, readUpload } from './parse-request';
import { resolveRequestTenant } from './resolve-request-tenant';
import { errorResponse } from './responses';
import { toApiError } from './to-api-error';
import { type DocumentedOperation, markRefusal, markServed, type Operation } from '@/lib/transport/operations/operation';

type Segment = { params: Promise<Record<string, string | string[]>> };

/** The operation a route serves (lib/transport/operations): its role, input schemas and readBack, with their types. */
type RouteOperation<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = Pick<Operation, 'method' | 'path' | 'operationId' | 'role' | 'readBack' | 'upload'> & {
  params?: P;
  query?: Q;
  body?: B;
};

/** `upload` holds the raw body of an operation that declares one (Operation.upload), and is null for the others. */
export type RouteInput<P, Q, B> = { request: Request; tx: Tx; ctx: RequestContext; params: P; query: Q; body: B; upload: Buffer | null };

/**
 * Every /api/v1 handler: tenant -> token -> rate limit (the tenant's bucket for a verified token, the client's
 * otherwise) -> Idempotency-Key check -> one tenant-scoped transaction (acting user, role, input) -> handler, once
 * per key. Errors of any step leave through the one error envelope.
 */
export function route<P extends z.ZodType = z.ZodType<Record<string, never>>, Q extends z.ZodType = z.ZodType<Record<string, never>>, B extends z.ZodType = z.ZodType<undefined>>(
  operation: RouteOperation<P, Q, B>,
  handler: (input: RouteInput<z.infer<P>, z.infer<Q>, z.infer<B>>) => Promise<Response>,
) {
  const serve = async (request: Request, segment: Segment): Promise<Response> => {
    const requestId = randomUUID();
    const limitHeaders: LimitHeaders = {};
    try {
      const caller = await admitCaller(request, limitHeaders);
      const idempotent = readIdempotencyKey(request);
      const db = await getDb();
      let runAfterCommit = () => {};
      const response = await withTenant(db, caller.organisation.id, async (tx) => {
        const scope = await enterAsCaller(tx, caller, requestId, operation.role);
        runAfterCommit = scope.runAfterCommit;
        const params = operation.params ? parseParams(operation.params, await segment.params) : {};
        const query = operation.query ? parseQuery(operation.query, new URL(request.url)) : {};
        const upload = operation.upload ? await readUpload(operation.upload, request) : null;
        const body = operation.body ? await parseDeclaredBody(operation.body, request) : request.method === 'POST' && !upload ? await parseEmptyBody(request) : undefined;
        const run = (tx: Tx, ctx: RequestContext) => handler({ request, tx, ctx, params, query, body, upload } as RouteInput<z.infer<P>, z.infer<Q>, z.infer<B>>);
        // A POST with an Idempotency-Key runs at most once per key (lib/transport/http/idempotency.ts).
        return idempotent ? runIdempotently(tx, scope.ctx, idempotent, run, operation.readBack) : run(tx, scope.ctx);
      });
      runAfterCommit();
      for (const [name, value] of Object.entries(limitHeaders)) response.headers.set(name, value);
      response.headers.set('X-Request-Id', requestId);
      return response;
    } catch (error) {
      return errorResponse(toApiError(error, requestId), requestId, limitHeaders);
    }
  };
  return markServed(operation as Operation, serve);
}

export type PublicRouteInput<P, Q> = {
  request: Request;
  tx: Tx;
  organisation: TenantOrganisation;
  requestId: string;
  now: Date;
  params: P;
  query: Q;
  /** Runs the callback once the transaction has committed (never when it rolls back): events for jobs. */
  afterCommit: (fn: () => void) => void;
  /**
   * To be called once the request's credential verified, naming what it opens (`data-export:<id>`), before
   * anything changes: the call is then charged to that link's own bucket. It throws RateLimitedError when that
   * bucket is spent, which rolls the transaction back.
   */
  admitLink: (link: string) => Promise<void>;
};

/**
 * An endpoint whose credential is not a bearer token but part of the request itself (a data export's one-time
 * download link, opened from an e-mail on any device). Tenant from the host as everywhere -> one tenant-scoped
 * transaction -> handler, which checks the credential and calls admitLink when it verifies. The rate limit is
 * charged by outcome: a verified link to its own bucket, anything else to the client's, so guessing stays
 * limited while a link's holder is never starved by other callers' failures, which without a trusted proxy
 * share one address with theirs (issue 23, item 14). Nobody spends a tenant's quota without its credentials.
 * No acting user: the handler decides whom an action is attributed to.
 */
export function publicRoute<P extends z.ZodType = z.ZodType<Record<string, never>>, Q extends z.ZodType = z.ZodType<Record<string, never>>>(
  operation: Pick<DocumentedOperation, 'method' | 'path' | 'document'> & { params?: P; query?: Q },
  handler: (input: PublicRouteInput<z.infer<P>, z.infer<Q>>) => Promise<Response>,
) {
  const serve = async (request: Request, segment: Segment): Promise<Response> => {
    const requestId = randomUUID();
    let limitHeaders: LimitHeaders = {};
    try {
      const organisation = await resolveRequestTenant(request);
      let admitted = false;
      const admitLink = async (link: string) => {
        admitted = true;
        limitHeaders = await chargeLink(organisation.id, link);
      };
      const callbacks: (() => void)[] = [];
      let response: Response;
      try {
        const params = operation.params ? parseParams(operation.params, await segment.params) : {};
        const query = operation.query ? parseQuery(operation.query, new URL(request.url)) : {};
        const now = new Date();
        const afterCommit = (fn: () => void) => callbacks.push(fn);
        response = await withTenant(await getDb(), organisation.id, (tx) =>
          handler({ request, tx, organisation, requestId, now, params, query, afterCommit, admitLink } as PublicRouteInput<z.infer<P>, z.infer<Q>>),
        );
      } finally {
        // Whatever the answer, a request whose credential never verified counts as a failure at its address;
        // once those are spent, its answer is 429 instead.
        if (!admitted) limitHeaders = await chargeClient(request, organisation.id);
      }
      for (const callback of callbacks) callback();
      for (const [name, value] of Object.entries(limitHeaders)) response.headers.set(name, value);
      response.headers.set('X-Request-Id', requestId);
      return response;
    } catch (error) {
      return errorResponse(toApiError(error, requestId), requestId, limitHeaders);
    }
  };
  return markServed(operation as DocumentedOperation, serve);
}

const chargeTenantClient = async (request: Request): Promise<LimitHeaders> => chargeClient(request, (await resolveRequestTenant(request)).id);

/**
 * PUT is not part of the contract; other unsupported methods answer the same way, with rate-limit headers.
 * The answer never looks at the token, so it is charged to the client's bucket, never the tenant's; an endpoint
 * outside any tenant (the registry webhook) names the bucket it charges.
 */
export function methodNotAllowed(allowed: string[], options: { charge?: (request: Request) => Promise<LimitHeaders> } = {}) {
  const charge = options.charge ?? chargeTenantClient;
  return markRefusal(allowed, async (request: Request): Promise<Response> => {
    const requestId = randomUUID();
    let limitHeaders: LimitHeaders = {};
    try {
      limitHeaders = await charge(request);
      throw new DomainError('method_not_allowed', 'METHOD_NOT_ALLOWED', `This endpoint supports ${allowed.join(', ')}.`, { allowed });
    } catch (error) {
      return errorResponse(toApiError(error, requestId), requestId, { ...limitHeaders, Allow: allowed.join(', ') });
    }
  });
}
