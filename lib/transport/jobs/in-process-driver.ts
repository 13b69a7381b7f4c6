import { randomUUID } from 'node:crypto';
import { Cron } from 'croner';
import { setEventDispatcher } from '@/lib/platform/jobs/dispatch-event';
import { describeError, type JobDeps, type JobLog } from '@/lib/platform/jobs/job-deps';
import { createJobDeps, type JobDefinition, jobDefinitions } from './job-definitions';

export type InProcessDriverOptions = {
  jobs: readonly JobDefinition[];
  createDeps: () => Promise<JobDeps>;
  /** Events arriving within this window start one run, not one each. */
  debounceMs?: number;
  log?: JobLog;
};

export type InProcessDriver = {
  /** Runs the job now, or once more right after the run in progress; resolves when that run is over. */
  trigger(jobId: string): Promise<void>;
  dispatch(event: string): Promise<void>;
  stop(): void;
};

type Runner = { trigger(): Promise<void> };

// A job never overlaps itself in this process. A trigger during a run is remembered rather than dropped,
// so an e-mail enqueued while the outbox is being delivered goes out right after, not a minute later.
function createRunner(job: JobDefinition, createDeps: () => Promise<JobDeps>, log: JobLog): Runner {
  let current: Promise<void> | null = null;
  let again = false;
  async function loop(): Promise<void> {
    do {
      again = false;
      try {
        const result = await job.run({ ...(await createDeps()), runId: randomUUID() });
        if (Object.values(result).some((count) => count > 0)) log.info(`[quartermaster] job ${job.id}: ${JSON.stringify(result)}`);
      } catch (error) {
        log.error(`[quartermaster] job ${job.id} failed: ${describeError(error)}`);
      }
    } while (again);
    current = null;
  }
  return {
    trigger() {
      if (current) {
        again = true;
        return current;
      }
      current = loop();
      return current;
    },
  };
}

/** Runs the jobs on their cron schedules (UTC) and on their events, inside this process. */
export function createInProcessDriver({ jobs, createDeps, debounceMs = 200, log = console }: InProcessDriverOptions): InProcessDriver {
  const runners = new Map(jobs.map((job) => [job.id, createRunner(job, createDeps, log)]));
  const debounced = new Map<string, ReturnType<typeof setTimeout>>();
  const schedules = jobs.map((job) => new Cron(job.cron, { timezone: 'UTC', unref: true }, () => void runners.get(job.id)?.trigger()));
  const trigger = (jobId: string) => runners.get(jobId)?.trigger() ?? Promise.reject(new Error(`Unknown job ${jobId}`));
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
    stop() {
      for (const schedule of schedules) schedule.stop();
      for (const timer of debounced.values()) clearTimeout(timer);
      debounced.clear();
    },
  };
}

type Holder = { driver: InProcessDriver | null };
const holder = ((globalThis as Record<symbol, Holder>)[Symbol.for('quartermaster.jobDriver')] ??= { driver: null });

/** The embedded default's job engine (DESIGN.md invariant 6); once per process however often it is called. */
export function startInProcessDriver(): InProcessDriver {
  if (holder.driver) return holder.driver;
  const driver = createInProcessDriver({ jobs: jobDefinitions, createDeps: createJobDeps });
  setEventDispatcher(driver.dispatch);
  holder.driver = driver;
  return driver;
}
