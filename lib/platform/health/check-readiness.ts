import { sql } from 'drizzle-orm';
import { rowsOf } from '@/db/client';
import { DomainError } from '@/lib/platform/core/errors';
import { getConnection } from '@/lib/platform/db/get-db';
import { isDraining } from './drain-state';

export type Readiness = { status: 'ready'; database: { status: 'ok'; latencyMs: number } };

export const instanceDraining = () => new DomainError('unavailable', 'INSTANCE_DRAINING', 'This instance is shutting down and takes no new requests; the others do.');
export const databaseUnavailable = () => new DomainError('unavailable', 'DATABASE_UNAVAILABLE', 'The database does not answer, so this instance takes no requests for now.');
export const databaseReadOnly = () =>
  new DomainError('unavailable', 'DATABASE_READ_ONLY', 'The database this instance reaches only reads; it takes no requests until it reaches the primary again.');

/**
 * Whether the balancer should send this instance requests (GET /api/health/ready): not while it drains after
 * SIGTERM, and only while its database answers as a writable primary (a standby after failover does not).
 * Throws the reason as an unavailable DomainError.
 */
export async function checkReadiness(): Promise<Readiness> {
  if (isDraining()) throw instanceDraining();
  const started = performance.now();
  let standby: boolean;
  try {
    const { db } = await getConnection();
    standby = rowsOf<{ standby: boolean }>(await db.execute(sql`select pg_is_in_recovery() as standby`))[0]?.standby ?? false;
  } catch {
    throw databaseUnavailable();
  }
  if (standby) throw databaseReadOnly();
  if (isDraining()) throw instanceDraining();
  return { status: 'ready', database: { status: 'ok', latencyMs: Math.round(performance.now() - started) } };
}
