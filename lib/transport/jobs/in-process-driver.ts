import { hostname } from 'node:os';
import { Cron } from 'croner';
import { setEventDispatcher } from '@/lib/platform/jobs/dispatch-event';
import type { JobDeps, JobLog } from '@/lib/platform/jobs/job-deps';
import { getDb } from '@/lib/platform/db/get-db';
import { getConfig } from '@/lib/platform/config';
import { onDrain } from '@/lib/platform/health/drain-state';
import { createJobRunner } from './create-job-runner';
import { createJobDeps, type JobDefinition, jobDefinitions } from './job-definitions';
import { createPostgresJobLease, type JobLease } from './job-lease';

export type InProcessDriverOptions = {
  jobs: readonly JobDefinition[];
  createDeps: () => Promise<JobDeps>;
  /** Events arriving within this window start one run, not one each. */
  debounceMs?: number;
  log?: JobLog;
  /** Shared by every instance on the database: each tick runs once across them, and no job overlaps itself. */
  lease?: JobLease;
  busyRetryMs?: number;
  /** Logs each cron tick run here (LOG_LEVEL=debug). */
  logTicks?: boolean;
};

export type InProcessDriver = {
  /** Runs the job now, or once more right after the run in progress; resolves when that run is over. */
  trigger(jobId: string): Promise<void>;
  dispatch(event: string): Promise<void>;
  /** Stops the schedules and events; resolves true once the runs in progress are over, false after timeoutMs. */
  drain(timeoutMs: number): Promise<boolean>;
  stop(): void;
};

const minuteOf = (date: Date) => new Date(Math.floor(date.getTime() / 60_000) * 60_000);

/** Runs the jobs on their cron schedules (UTC) and on their events, inside this process. */
export function createInProcessDriver({ jobs, createDeps, debounceMs = 200, log = console, lease, busyRetryMs, logTicks }: InProcessDriverOptions): InProcessDriver {
  const runners = new Map(jobs.map((job) => [job.id, createJobRunner({ job, createDeps, log, lease, busyRetryMs, logTicks })]));
  const debounced = new Map<string, ReturnType<typeof setTimeout>>();
  // The tick is the scheduled minute, the same in every instance whichever moment its timer fired.
  const schedules = jobs.map(
    (job) => new Cron(job.cron, { timezone: 'UTC', unref: true }, (self: Cron) => void runners.get(job.id)?.trigger(minuteOf(self.currentRun() ?? new Date()))),
  );
  const trigger = (jobId: string) => runners.get(jobId)?.trigger(null) ?? Promise.reject(new Error(`Unknown job ${jobId}`));
  const stop = () => {
    for (const schedule of schedules) schedule.stop();
    for (const timer of debounced.values()) clearTimeout(timer);
    debounced.clear();
  };
  return {
    trigger,
    async dispatch(event) {
      for (const job of jobs) {
        if (!job.events?.includes(event)) continue;
        clearTimeout(debounced.get(job.id));
        debounced.set(
          job.id,
          setTimeout(() => {
            debounced.delete(job.id);
            void trigger(job.id);
          }, debounceMs),
        );
      }
    },
    async drain(timeoutMs) {
      stop();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
      const finished = await Promise.race([Promise.all([...runners.values()].map((runner) => runner.drain())).then(() => true as const), timedOut]);
      clearTimeout(timer);
      return finished;
    },
    stop,
  };
}

type Holder = { driver: Promise<InProcessDriver> | null };
const holder = ((globalThis as Record<symbol, Holder>)[Symbol.for('quartermaster.jobDriver')] ??= { driver: null });

async function createLeasedDriver(): Promise<InProcessDriver> {
  const config = getConfig();
  const lease = createPostgresJobLease({ db: await getDb(), instance: `${hostname()}:${process.pid}`, durationMs: config.JOB_LEASE_SECONDS * 1000 });
  const driver = createInProcessDriver({ jobs: jobDefinitions, createDeps: createJobDeps, lease, logTicks: config.LOG_LEVEL === 'debug' });
  setEventDispatcher(driver.dispatch);
  onDrain(async (deadlineMs) => {
    const finished = await driver.drain(deadlineMs);
    if (!finished) console.warn('[quartermaster] a job run outlasted the drain; its lease lapses on its own');
  });
  return driver;
}

/**
 * The embedded default's job engine (DESIGN.md invariant 6), in every instance: the PostgreSQL lease per job
 * lets one instance run each tick. Once per process however often it is called; SIGTERM drains it.
 */
export function startInProcessDriver(): Promise<InProcessDriver> {
  holder.driver ??= createLeasedDriver();
  return holder.driver;
}
