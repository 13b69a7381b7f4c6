import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { JobDeps } from '@/lib/platform/jobs/job-deps';
import { createJobRunner } from '@/lib/transport/jobs/create-job-runner';
import { createPostgresJobLease } from '@/lib/transport/jobs/job-lease';
import { ownerDb } from '../../../support/factories';
import { jobDb } from '../../../support/job-db';

const db = jobDb();
const deps = { now: () => new Date() } as unknown as JobDeps;
const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Two instances (their own lease holder names) running the same job against one database. */
function twoInstances(run: () => Promise<Record<string, number>>, durationMs = 60_000) {
  const job = { id: `test-${randomUUID()}`, cron: '* * * * *', run: vi.fn(run) };
  const instance = (name: string) => createJobRunner({ job, createDeps: async () => deps, log, lease: createPostgresJobLease({ db, instance: name, durationMs }), busyRetryMs: 100 });
  return { job, a: instance('host-a:1'), b: instance('host-b:1') };
}

const leaseRow = async (jobId: string) =>
  (await ownerDb()`select holder, last_tick_at, runs::int as runs, expires_at <= now() as free from job_leases where job_id = ${jobId}`)[0];

describe('job lease across instances', () => {
  it('runs a cron tick once whichever instances fire it, and the next tick once more', async () => {
    const { job, a, b } = twoInstances(async () => ({ done: 1 }));
    const tick = new Date('2030-01-07T10:59:00Z');

    await Promise.all([a.trigger(tick), b.trigger(tick), a.trigger(tick)]);
    expect(job.run).toHaveBeenCalledTimes(1);
    // An instance whose timer fired late finds the tick taken.
    await b.trigger(tick);
    expect(job.run).toHaveBeenCalledTimes(1);

    await Promise.all([b.trigger(new Date('2030-01-07T11:00:00Z')), a.trigger(new Date('2030-01-07T11:00:00Z'))]);
    expect(job.run).toHaveBeenCalledTimes(2);
    expect(await leaseRow(job.id)).toEqual({ holder: null, last_tick_at: new Date('2030-01-07T11:00:00Z'), runs: 2, free: true });
  });

  it('never overlaps an event run with a run of the same job in another instance, and runs it after', async () => {
    let active = 0;
    let maxActive = 0;
    const { job, a, b } = twoInstances(async () => {
      active += 1;
      maxActive = Math.max(maxActive, active);
      await sleep(400);
      active -= 1;
      return { done: 1 };
    });

    const first = a.trigger(null);
    await sleep(100);
    await b.trigger(null);
    expect(job.run).toHaveBeenCalledTimes(1);
    await first;
    await vi.waitFor(() => expect(job.run).toHaveBeenCalledTimes(2), { timeout: 3_000 });
    await vi.waitFor(async () => expect((await leaseRow(job.id))?.free).toBe(true));
    expect(maxActive).toBe(1);
  });

  it('lets another instance take over a lease whose holder died, once it expired', async () => {
    const jobId = `test-${randomUUID()}`;
    const dead = createPostgresJobLease({ db, instance: 'host-dead:1', durationMs: 1_000 });
    const alive = createPostgresJobLease({ db, instance: 'host-alive:1', durationMs: 1_000 });

    const deadToken = await dead.acquire(jobId, new Date('2030-01-07T10:59:00Z'));
    expect(deadToken).toMatch(/^host-dead:1\//);
    // Killed with -9: it never renews nor releases.
    expect(await alive.acquire(jobId, null)).toBeNull();
    expect(await alive.acquire(jobId, new Date('2030-01-07T11:00:00Z'))).toBeNull();

    await sleep(1_100);
    const aliveToken = await alive.acquire(jobId, new Date('2030-01-07T11:00:00Z'));
    expect(aliveToken).toMatch(/^host-alive:1\//);
    expect(await leaseRow(jobId)).toEqual({ holder: aliveToken, last_tick_at: new Date('2030-01-07T11:00:00Z'), runs: 2, free: false });
    // Its heartbeat, had it come back, finds the lease gone and cannot release the new holder's.
    expect(await dead.renew(jobId, deadToken!)).toBe(false);
    await dead.release(jobId, deadToken!);
    expect((await leaseRow(jobId))?.holder).toBe(aliveToken);
  });

  it('lets a drained runner finish its run and take no new one', async () => {
    const { job, a } = twoInstances(async () => {
      await sleep(300);
      return { done: 1 };
    });
    const running = a.trigger(null);
    await sleep(50);
    await a.drain();
    await running;
    await a.trigger(new Date('2030-01-07T12:00:00Z'));
    expect(job.run).toHaveBeenCalledTimes(1);
    expect((await leaseRow(job.id))?.free).toBe(true);
  });
});
