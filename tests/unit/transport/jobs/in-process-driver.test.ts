import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInProcessDriver, type InProcessDriver } from '@/lib/transport/jobs/in-process-driver';
import type { JobDeps } from '@/lib/platform/jobs/job-deps';
import { type JobDefinition, jobDefinitions } from '@/lib/transport/jobs/job-definitions';

const deps = { now: () => new Date() } as unknown as JobDeps;
const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
let driver: InProcessDriver | undefined;

function fakeJobs(): (JobDefinition & { run: ReturnType<typeof vi.fn> })[] {
  return jobDefinitions.map((job) => ({ ...job, run: vi.fn(async () => ({ done: 1 })) }));
}

const runsOf = (jobs: ReturnType<typeof fakeJobs>) => Object.fromEntries(jobs.map((job) => [job.id, job.run.mock.calls.length]));

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2030-01-07T10:58:30Z') });
  log.error.mockClear();
});
afterEach(() => {
  driver?.stop();
  vi.useRealTimers();
});

describe('in-process driver', () => {
  it('runs the jobs on their cron schedules without any Inngest server', async () => {
    const jobs = fakeJobs();
    driver = createInProcessDriver({ jobs, createDeps: async () => deps, log });

    await vi.advanceTimersByTimeAsync(60_000);
    expect(runsOf(jobs)).toEqual({ 'deliver-outbox': 1, 'send-loan-reminders': 0, 'mark-overdue-loans': 0, 'create-backups': 0, 'create-data-exports': 0, 'process-data-deletions': 0, 'notify-overdue-erasure-requests': 0, 'apply-retention': 0, 'create-legal-reports': 0, 'process-registry-webhooks': 1, 'reconcile-registry': 0, 'registry-backfill': 0, 'process-registry-data-webhooks': 1, 'sync-registry-organisations': 0, 'sync-codelists-daily': 0, 'sync-codelists-weekly': 0, 'submit-person-change-proposals': 1, 'deliver-webhooks': 1, 'purge-idempotency-keys': 0 });

    await vi.advanceTimersByTimeAsync(60_000);
    expect(runsOf(jobs)).toEqual({ 'deliver-outbox': 2, 'send-loan-reminders': 1, 'mark-overdue-loans': 1, 'create-backups': 1, 'create-data-exports': 1, 'process-data-deletions': 1, 'notify-overdue-erasure-requests': 0, 'apply-retention': 0, 'create-legal-reports': 0, 'process-registry-webhooks': 2, 'reconcile-registry': 0, 'registry-backfill': 0, 'process-registry-data-webhooks': 2, 'sync-registry-organisations': 0, 'sync-codelists-daily': 0, 'sync-codelists-weekly': 0, 'submit-person-change-proposals': 2, 'deliver-webhooks': 2, 'purge-idempotency-keys': 0 });

    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(runsOf(jobs)).toEqual({ 'deliver-outbox': 62, 'send-loan-reminders': 2, 'mark-overdue-loans': 2, 'create-backups': 13, 'create-data-exports': 13, 'process-data-deletions': 13, 'notify-overdue-erasure-requests': 1, 'apply-retention': 0, 'create-legal-reports': 0, 'process-registry-webhooks': 62, 'reconcile-registry': 0, 'registry-backfill': 0, 'process-registry-data-webhooks': 62, 'sync-registry-organisations': 0, 'sync-codelists-daily': 0, 'sync-codelists-weekly': 0, 'submit-person-change-proposals': 62, 'deliver-webhooks': 62, 'purge-idempotency-keys': 1 });
    expect(jobs[1]!.run).toHaveBeenCalledWith(expect.objectContaining({ now: deps.now, runId: expect.any(String) }));
  });

  it('runs the outbox job shortly after a burst of enqueue events, once', async () => {
    const jobs = fakeJobs();
    driver = createInProcessDriver({ jobs, createDeps: async () => deps, log, debounceMs: 200 });

    for (let i = 0; i < 5; i++) await driver.dispatch('quartermaster/outbox.enqueued');
    await driver.dispatch('somebody/else');
    await vi.advanceTimersByTimeAsync(199);
    expect(jobs[0]!.run).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(runsOf(jobs)).toEqual({ 'deliver-outbox': 1, 'send-loan-reminders': 0, 'mark-overdue-loans': 0, 'create-backups': 0, 'create-data-exports': 0, 'process-data-deletions': 0, 'notify-overdue-erasure-requests': 0, 'apply-retention': 0, 'create-legal-reports': 0, 'process-registry-webhooks': 0, 'reconcile-registry': 0, 'registry-backfill': 0, 'process-registry-data-webhooks': 0, 'sync-registry-organisations': 0, 'sync-codelists-daily': 0, 'sync-codelists-weekly': 0, 'submit-person-change-proposals': 0, 'deliver-webhooks': 0, 'purge-idempotency-keys': 0 });
  });

  it('never overlaps a job with itself, and runs once more for triggers that came during a run', async () => {
    let release: () => void = () => {};
    let active = 0;
    let maxActive = 0;
    const run = vi.fn(async () => {
      active += 1;
      maxActive = Math.max(maxActive, active);
      await new Promise<void>((resolve) => (release = resolve));
      active -= 1;
      return { done: 1 };
    });
    driver = createInProcessDriver({ jobs: [{ id: 'slow', cron: '0 0 1 1 *', run }], createDeps: async () => deps, log });

    const first = driver.trigger('slow');
    await vi.advanceTimersByTimeAsync(0);
    const second = driver.trigger('slow');
    const third = driver.trigger('slow');
    release();
    await vi.advanceTimersByTimeAsync(0);
    release();
    await Promise.all([first, second, third]);

    expect(run).toHaveBeenCalledTimes(2);
    expect(maxActive).toBe(1);
  });

  it('logs a failing job and keeps running it on schedule', async () => {
    const run = vi.fn(async () => {
      throw new Error('database unreachable (re_secretkey123 leaked)');
    });
    driver = createInProcessDriver({ jobs: [{ id: 'failing', cron: '* * * * *', run }], createDeps: async () => deps, log });

    await vi.advanceTimersByTimeAsync(120_000);

    expect(run).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining('job failing failed: Error: database unreachable (re_[redacted] leaked)'));
  });
});

describe('in-process driver draining', () => {
  it('stops the schedules, lets the run in progress finish, and reports whether it did in time', async () => {
    let release: () => void = () => {};
    const run = vi.fn(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { done: 1 };
    });
    driver = createInProcessDriver({ jobs: [{ id: 'slow', cron: '* * * * *', run }], createDeps: async () => deps, log });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(run).toHaveBeenCalledTimes(1);

    const late = driver.drain(5_000);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await late).toBe(false);

    const drained = driver.drain(5_000);
    release();
    expect(await drained).toBe(true);
    await vi.advanceTimersByTimeAsync(180_000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
