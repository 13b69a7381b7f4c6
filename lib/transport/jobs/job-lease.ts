import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '@/db/client';

/** Who may run a job right now, across every instance sharing the database. */
export type JobLease = {
  /**
   * Takes the job's lease for one run and returns its token, or null when another holder has it. With a tick
   * (the cron time the run answers), also null when some instance has already run that tick.
   */
  acquire(jobId: string, tick: Date | null): Promise<string | null>;
  /** Extends a held lease; false when it was lost (it expired and another instance took the job over). */
  renew(jobId: string, token: string): Promise<boolean>;
  release(jobId: string, token: string): Promise<void>;
  /** How long a lease lasts unless renewed; the driver renews it every third of this while a run goes on. */
  readonly durationMs: number;
};

export type PostgresJobLeaseOptions = {
  db: Database;
  /** Names this instance in the table and the logs (host and process id by default). */
  instance: string;
  durationMs?: number;
};

// The database's clock decides expiry, so instances on hosts whose clocks differ still agree on it.
export function createPostgresJobLease({ db, instance, durationMs = 60_000 }: PostgresJobLeaseOptions): JobLease {
  const interval = `${Math.max(1, Math.round(durationMs))} milliseconds`;
  return {
    durationMs,
    async acquire(jobId, tick) {
      const token = `${instance}/${randomUUID()}`;
      const tickAt = tick ? tick.toISOString() : null;
      const rows = rowsOf<{ job_id: string }>(
        await db.execute(sql`
          insert into job_leases as l (job_id, holder, expires_at, last_tick_at, last_started_at, runs)
          values (${jobId}, ${token}, now() + ${interval}::interval, ${tickAt}::timestamptz, now(), 1)
          on conflict (job_id) do update
            set holder = excluded.holder, expires_at = excluded.expires_at, last_started_at = excluded.last_started_at,
              last_tick_at = coalesce(excluded.last_tick_at, l.last_tick_at), runs = l.runs + 1
            where l.expires_at <= now()
              and (excluded.last_tick_at is null or l.last_tick_at is null or l.last_tick_at < excluded.last_tick_at)
          returning l.job_id`),
      );
      return rows.length > 0 ? token : null;
    },
    async renew(jobId, token) {
      const rows = rowsOf<{ job_id: string }>(
        await db.execute(sql`update job_leases set expires_at = now() + ${interval}::interval where job_id = ${jobId} and holder = ${token} returning job_id`),
      );
      return rows.length > 0;
    },
    async release(jobId, token) {
      await db.execute(sql`update job_leases set expires_at = now(), holder = null where job_id = ${jobId} and holder = ${token}`);
    },
  };
}
