import { and, eq, lte, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '@/db/client';
import { idempotencyKeys } from '@/db/schema';
import { sqlState } from '@/lib/platform/db/sql-state';

export type KeyScope = { organisationId: string; userId: string; key: string };
export type KeyRequest = { method: string; path: string; fingerprint: string };

export type StoredKey = {
  requestMethod: string;
  requestPath: string;
  requestFingerprint: string;
  status: 'in_progress' | 'completed';
  responseStatus: number | null;
  responseHeaders: Record<string, string> | null;
  responseBody: Buffer | null;
};

const LOCK_NOT_AVAILABLE = '55P03';

const matching = (scope: KeyScope) =>
  and(eq(idempotencyKeys.organisationId, scope.organisationId), eq(idempotencyKeys.userId, scope.userId), eq(idempotencyKeys.key, scope.key));

/** Runs `fn` with lock_timeout set for this transaction, then puts back what was there (the handler's waits are its own). */
async function withLockTimeout<T>(tx: Tx, timeoutMs: number, fn: () => Promise<T>): Promise<T> {
  const [setting] = rowsOf<{ previous: string }>(
    await tx.execute(sql`with previous as materialized (select current_setting('lock_timeout') as value)
      select value as previous, set_config('lock_timeout', ${`${timeoutMs}ms`}, true) from previous`),
  );
  const result = await fn();
  await tx.execute(sql`select set_config('lock_timeout', ${setting!.previous}, true)`);
  return result;
}

/**
 * Writes the key's row, in_progress, unless a live row holds the key: true when this request owns the key now. A
 * row whose time is over is taken over as if new. While another transaction holds an uncommitted row for the key,
 * the insert waits on the primary key until that one ends, at most `waitMs`: then `null` (still in use).
 */
export async function claimKey(tx: Tx, scope: KeyScope, request: KeyRequest, now: Date, lifetimeMs: number, waitMs: number): Promise<boolean | null> {
  const fresh = {
    requestMethod: request.method,
    requestPath: request.path,
    requestFingerprint: request.fingerprint,
    status: 'in_progress' as const,
    responseStatus: null,
    responseHeaders: null,
    responseBody: null,
    createdAt: now,
    completedAt: null,
    expiresAt: new Date(now.getTime() + lifetimeMs),
  };
  try {
    const claimed = await withLockTimeout(tx, waitMs, () =>
      tx
        .insert(idempotencyKeys)
        .values({ ...scope, ...fresh })
        .onConflictDoUpdate({ target: [idempotencyKeys.organisationId, idempotencyKeys.userId, idempotencyKeys.key], set: fresh, setWhere: lte(idempotencyKeys.expiresAt, now) })
        .returning({ key: idempotencyKeys.key }),
    );
    return claimed.length > 0;
  } catch (error) {
    if (sqlState(error) === LOCK_NOT_AVAILABLE) return null;
    throw error;
  }
}

export async function findKey(tx: Tx, scope: KeyScope): Promise<StoredKey | undefined> {
  const [row] = await tx
    .select({
      requestMethod: idempotencyKeys.requestMethod,
      requestPath: idempotencyKeys.requestPath,
      requestFingerprint: idempotencyKeys.requestFingerprint,
      status: idempotencyKeys.status,
      responseStatus: idempotencyKeys.responseStatus,
      responseHeaders: idempotencyKeys.responseHeaders,
      responseBody: idempotencyKeys.responseBody,
    })
    .from(idempotencyKeys)
    .where(matching(scope));
  return row;
}

/**
 * The stored body of an answer whose resource a replay reads back (lib/transport/http/idempotency.ts): nothing is kept. No
 * ciphertext is empty (FLE1 has a header, an IV and a tag even for an empty body), so it cannot be mistaken for one.
 */
export const BODY_NOT_KEPT = Buffer.alloc(0);

/** Stores the answer on the key this request claimed; `sealedBody` is the body's ciphertext, or BODY_NOT_KEPT. */
export async function completeKey(tx: Tx, scope: KeyScope, response: { status: number; headers: Record<string, string> }, sealedBody: Buffer, now: Date): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ status: 'completed', responseStatus: response.status, responseHeaders: response.headers, responseBody: sealedBody, completedAt: now })
    .where(and(matching(scope), eq(idempotencyKeys.status, 'in_progress')));
}
