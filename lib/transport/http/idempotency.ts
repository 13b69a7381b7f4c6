import type { Tx } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import { decryptField } from '@/lib/platform/crypto/decrypt-field';
import { encryptField } from '@/lib/platform/crypto/encrypt-field';
import type { EncryptedField } from '@/lib/platform/crypto/encrypted-fields';
import { idempotencyKeyInUse, idempotencyKeyReused } from './idempotency-errors';
import { canonicalRequestPath, fingerprintBody, IDEMPOTENCY_KEY_HEADER, validateIdempotencyKey } from './idempotency-fingerprint';
import { BODY_NOT_KEPT, claimKey, completeKey, findKey, type KeyRequest, type KeyScope, type StoredKey } from './idempotency-store';
import { readBodyText } from './parse-request';
import { httpStatusOf } from './http-of-error';
import { errorResponse, serialise } from './responses';
import { toApiError } from './to-api-error';

/** How long a key answers for its first request (Stripe's 24 hours); the purge-idempotency-keys job removes it after. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** How long a duplicate waits for the first request with its key to finish before it answers 409 IDEMPOTENCY_KEY_IN_USE. */
export const IDEMPOTENCY_WAIT_MS = 5_000;
export const REPLAYED_HEADER = 'Idempotent-Replayed';

// What a replay repeats; rate-limit headers and X-Request-Id belong to the request that is answered.
const STORED_HEADERS = ['content-type', 'location', 'cache-control', 'content-disposition', 'content-language'];
// Failures of the request itself (authentication, permission, a rate or export limit) say nothing about what the
// request would do: they are not kept, so a retry with the same key gets a fresh try.
const UNSTORED_CLIENT_ERRORS = new Set([401, 403, 429]);
const BODY_FIELD: EncryptedField = 'idempotencyKey.response';

export type IdempotentRequest = { key: string; method: string; path: string; request: Request };
/** The route's handler, on the transaction and context it is given. */
export type HandlerRun = (tx: Tx, ctx: RequestContext) => Promise<Response>;
/**
 * How the resource a POST created is read again, by the id its Location ends with: the resource's own read path,
 * which checks the caller's role and duties as they are now and audits a sensitive read. A route whose answer
 * depends on a duty, or reveals a sensitive record, declares it (its operation's `readBack`, lib/transport/operations).
 */
export type ReadBack = (tx: Tx, ctx: RequestContext, id: string) => Promise<unknown>;

/**
 * The Idempotency-Key of a POST, checked (400 VALIDATION_ERROR when it is not 1 to 255 printable ASCII
 * characters); null without one, and for any other method, where the header means nothing. Keeps a copy of the
 * request, whose body the handler's parsing consumes.
 */
export function readIdempotencyKey(request: Request): IdempotentRequest | null {
  if (request.method !== 'POST') return null;
  const key = request.headers.get(IDEMPOTENCY_KEY_HEADER);
  if (key === null) return null;
  return { key: validateIdempotencyKey(key), method: request.method, path: canonicalRequestPath(new URL(request.url)), request: request.clone() };
}

function replay(stored: StoredKey, body: Buffer): Response {
  const headers = new Headers(stored.responseHeaders ?? {});
  headers.set(REPLAYED_HEADER, 'true');
  return new Response(body.length > 0 ? new Uint8Array(body) : null, { status: stored.responseStatus!, headers });
}

const idOf = (location: string) => decodeURIComponent(new URL(location, 'http://replay.invalid').pathname.split('/').at(-1)!);

/**
 * A stored answer without a body (BODY_NOT_KEPT) is one of a read-back route (runIdempotently): rebuilt through the
 * resource's read path for the caller as they are now. When that path refuses (a duty removed since: 404 as its
 * GET), its error is the answer, and nothing of the first answer is.
 */
async function readBackAnswer(tx: Tx, ctx: RequestContext, stored: StoredKey, readBack: ReadBack | undefined): Promise<Response> {
  const location = stored.responseHeaders?.location;
  if (!readBack || !location) throw new Error('A stored answer without a body needs the route to read its resource back');
  return replay(stored, Buffer.from(serialise(await readBack(tx, ctx, idOf(location)))));
}

async function answerFromStore(tx: Tx, ctx: RequestContext, scope: KeyScope, request: KeyRequest, readBack: ReadBack | undefined): Promise<Response> {
  const stored = await findKey(tx, scope);
  if (!stored) throw new Error('An idempotency key that blocked the insert is gone');
  if (stored.requestMethod !== request.method || stored.requestPath !== request.path) throw idempotencyKeyReused('different_path');
  if (stored.requestFingerprint !== request.fingerprint) throw idempotencyKeyReused('different_body');
  // A row is in_progress only inside its own request's transaction, which other requests wait for; kept as a guard.
  if (stored.status !== 'completed') throw idempotencyKeyInUse(0);
  if (stored.responseBody!.length === 0) return readBackAnswer(tx, ctx, stored, readBack);
  const body = Buffer.from(await decryptField(tx, ctx, BODY_FIELD, stored.responseBody!), 'base64');
  return replay(stored, body);
}

/**
 * The handler's answer, or the error it threw as the answer when that is a result worth keeping. The handler runs
 * in a savepoint (a nested transaction, so that a failed statement in it does not doom the request's transaction):
 * a kept error leaves nothing of what the handler wrote, and none of its after-commit events.
 */
async function runHandler(tx: Tx, ctx: RequestContext, run: HandlerRun): Promise<Response> {
  const callbacks: (() => void)[] = [];
  try {
    const response = await tx.transaction((savepoint) => run(savepoint, { ...ctx, afterCommit: (callback) => callbacks.push(callback) }));
    for (const callback of callbacks) ctx.afterCommit(callback);
    return response;
  } catch (error) {
    const apiError = toApiError(error, ctx.requestId);
    const status = httpStatusOf(apiError.kind);
    if (status >= 500 || UNSTORED_CLIENT_ERRORS.has(status)) throw apiError;
    // A domain error (404, 409, 400 from the rules...) is the request's result, as Stripe keeps it.
    return errorResponse(apiError, ctx.requestId);
  }
}

/**
 * Runs a POST at most once per Idempotency-Key, inside the request's transaction: the key's row is written first,
 * then the handler runs, then its answer is stored on the row, so the effect and the stored answer commit
 * together or not at all. A duplicate arriving meanwhile waits on the row (up to IDEMPOTENCY_WAIT_MS, else 409
 * IDEMPOTENCY_KEY_IN_USE) and then replays the stored answer with `Idempotent-Replayed: true`; the same key with
 * another path or body is 422 IDEMPOTENCY_KEY_REUSED. Keys belong to one tenant and user. A 5xx, 401, 403 or 429
 * rolls everything back, the key included. Response bodies are kept encrypted.
 *
 * A replay must not show what the caller may no longer read: route() checks role and active state again before
 * the key is looked at, and a route with `readBack` keeps no body for a success at all, only its status and
 * headers: the replay reads the resource again, checking duties and auditing the read as a GET would. An answer
 * that reveals a sensitive record from a route without `readBack` is a defect: it fails (500) and keeps nothing.
 */
export async function runIdempotently(tx: Tx, ctx: RequestContext, idempotent: IdempotentRequest, run: HandlerRun, readBack?: ReadBack): Promise<Response> {
  const scope: KeyScope = { organisationId: ctx.organisationId, userId: ctx.user.id, key: idempotent.key };
  const request: KeyRequest = { method: idempotent.method, path: idempotent.path, fingerprint: fingerprintBody(await readBodyText(idempotent.request)) };
  const claimed = await claimKey(tx, scope, request, ctx.now, IDEMPOTENCY_KEY_LIFETIME_MS, IDEMPOTENCY_WAIT_MS);
  if (claimed === null) throw idempotencyKeyInUse(IDEMPOTENCY_WAIT_MS / 1000);
  if (!claimed) return answerFromStore(tx, ctx, scope, request, readBack);

  let revealed = false;
  const response = await runHandler(tx, { ...ctx, onSensitiveRead: () => (revealed = true) }, run);
  const body = Buffer.from(await response.arrayBuffer());
  const headers = Object.fromEntries(STORED_HEADERS.flatMap((name) => (response.headers.has(name) ? [[name, response.headers.get(name)!]] : [])));
  const readsBack = readBack !== undefined && response.ok && headers.location !== undefined;
  if (revealed && response.ok && !readsBack) throw new Error(`${idempotent.path} reveals a sensitive record but declares no readBack: its answer cannot be kept`);
  const sealed = readsBack ? BODY_NOT_KEPT : await encryptField(tx, ctx, BODY_FIELD, body.toString('base64'));
  await completeKey(tx, scope, { status: response.status, headers }, sealed, ctx.now);
  return new Response(body.length > 0 ? new Uint8Array(body) : null, { status: response.status, statusText: response.statusText, headers: new Headers(response.headers) });
}
