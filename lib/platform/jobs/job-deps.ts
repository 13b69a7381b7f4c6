import { type SQL } from 'drizzle-orm';
import { type Database, rowsOf, type Tx } from '@/db/client';
import type { EmailContactRemover } from '@/lib/platform/notifications/contact-removal';
import type { Mailer } from '@/lib/platform/notifications/mailer';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';

export type JobLog = Pick<Console, 'info' | 'warn' | 'error'>;

/** What every job receives from its engine; tests pass their own clock, database and mailer. */
export type JobDeps = {
  db: Database;
  mailer: Mailer;
  /** Forwards erasures to the e-mail provider (deliver-outbox). */
  contactRemover?: EmailContactRemover;
  now: () => Date;
  emailFrom: string;
  appBaseUrl?: string;
  /** The engine's run id (Inngest's runId, or one per in-process run); recorded as the audit request id. */
  runId?: string;
  log?: JobLog;
};

export type DueItem = { id: string; organisationId: string };

/** Runs one of the SECURITY DEFINER discovery functions (migration 0004): identifiers only, across tenants. */
export async function findDueItems(db: Database, query: SQL): Promise<DueItem[]> {
  const rows = rowsOf<{ id: string; organisation_id: string }>(await db.execute(query));
  return rows.map((row) => ({ id: row.id, organisationId: row.organisation_id }));
}

/**
 * One unit of work in one tenant's transaction; callbacks registered with `afterCommit` (event dispatch)
 * run only once it committed, as in a request.
 */
export async function runTenantUnit<T>(db: Database, organisationId: string, fn: (tx: Tx, afterCommit: (callback: () => void) => void) => Promise<T>): Promise<T> {
  const callbacks: (() => void)[] = [];
  const result = await withTenant(db, organisationId, (tx) => fn(tx, (callback) => callbacks.push(callback)));
  for (const callback of callbacks) callback();
  return result;
}

/** Errors end up in outbox.last_error and logs: no credentials, bounded length. */
export function describeError(error: unknown): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return message
    .replace(/\bre_[A-Za-z0-9_]{6,}/g, 're_[redacted]')
    .replace(/Bearer\s+\S+/gi, 'Bearer [redacted]')
    .slice(0, 500);
}
