import { randomUUID } from 'node:crypto';
import { describeError, type JobDeps, type JobLog } from '@/lib/platform/jobs/job-deps';
import type { JobDefinition } from './job-definitions';
import type { JobLease } from './job-lease';

export type JobRunner = {
  /** Runs the job for a cron tick, or (tick null) for an event or by hand; resolves when that run is over. */
  trigger(tick: Date | null): Promise<void>;
  /** Takes no new runs; resolves once the run in progress (if any) is over. */
  drain(): Promise<void>;
};

export type JobRunnerOptions = {
  job: JobDefinition;
  createDeps: () => Promise<JobDeps>;
  log: JobLog;
  /** Shared with the other instances; without one, the job only never overlaps itself in this process. */
  lease?: JobLease;
  /** An event run that finds the job running elsewhere tries again this often, for up to a minute. */
  busyRetryMs?: number;
  /** Logs every cron tick this instance runs and under which lease (LOG_LEVEL=debug; the instances drill counts them). */
  logTicks?: boolean;
};

// By then the next cron tick (every minute for the event-driven jobs) has taken over.
const BUSY_RETRIES = 60;

// A job never overlaps itself, in this process or (with a lease) in any other. A trigger during a run is
// remembered rather than dropped, so an e-mail enqueued while the outbox is being delivered goes out right
// after, not a minute later.
export function createJobRunner({ job, createDeps, log, lease, busyRetryMs = 1_000, logTicks = false }: JobRunnerOptions): JobRunner {
  let current: Promise<void> | null = null;
  let again = false;
  let pendingTick: Date | null = null;
  let draining = false;
  let busyRetries = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  async function runLeased(tick: Date | null): Promise<boolean> {
    const token = lease ? await lease.acquire(job.id, tick) : 'local';
    if (!token) return false;
    // A run longer than the lease keeps it; a holder killed mid-run stops renewing and loses it at expiry.
    const heartbeat = lease
      ? setInterval(() => {
          lease.renew(job.id, token).then(
            (held) => held || log.warn(`[quartermaster] job ${job.id} lost its lease to another instance during a run`),
            (error: unknown) => log.error(`[quartermaster] job ${job.id} could not renew its lease: ${describeError(error)}`),
          );
        }, lease.durationMs / 3)
      : undefined;
    try {
      if (tick && lease && logTicks) log.info(`[quartermaster] job ${job.id} runs tick ${tick.toISOString()} as ${token}`);
      const result = await job.run({ ...(await createDeps()), runId: randomUUID() });
      if (Object.values(result).some((count) => count > 0)) log.info(`[quartermaster] job ${job.id}: ${JSON.stringify(result)}`);
    } catch (error) {
      log.error(`[quartermaster] job ${job.id} failed: ${describeError(error)}`);
    } finally {
      clearInterval(heartbeat);
      await lease?.release(job.id, token).catch((error: unknown) => log.error(`[quartermaster] job ${job.id} could not release its lease: ${describeError(error)}`));
    }
    return true;
  }

  function retryLater(): void {
    if (draining || retryTimer || busyRetries >= BUSY_RETRIES) return;
    busyRetries += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void trigger(null);
    }, busyRetryMs);
    retryTimer.unref?.();
  }

  async function loop(): Promise<void> {
    do {
      again = false;
      const tick = pendingTick;
      pendingTick = null;
      try {
        const ran = await runLeased(tick);
        if (ran) busyRetries = 0;
        // A tick another instance holds or has run is theirs; an event run waits for the other run to end.
        else if (!tick) retryLater();
      } catch (error) {
        log.error(`[quartermaster] job ${job.id} could not take its lease: ${describeError(error)}`);
      }
    } while (again && !draining);
    current = null;
  }

  function trigger(tick: Date | null): Promise<void> {
    if (draining) return current ?? Promise.resolve();
    if (tick && (!pendingTick || tick > pendingTick)) pendingTick = tick;
    if (current) {
      again = true;
      return current;
    }
    current = loop();
    return current;
  }

  return {
    trigger,
    async drain() {
      draining = true;
      clearTimeout(retryTimer);
      await current;
    },
  };
}
