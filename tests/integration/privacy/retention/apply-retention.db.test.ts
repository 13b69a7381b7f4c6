import { afterAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '@/db/client';
import { applyRetention } from '@/lib/privacy/jobs/apply-retention';
import { applyRetentionJob } from '@/lib/transport/jobs/job-definitions';
import { createActivity, createMessage, createTenant, ownerDb } from '../../../support/factories';
import { jobDb, testClock } from '../../../support/job-db';
import { closeTestLedger, daysBefore, exists, testPrivacy, yearsBefore } from './retention-helpers';

/** The job's view of the database with discovery narrowed to these tenants, so other test files' tenants are left alone. */
function onlyTenants(db: Database, ids: string[]): Database {
  return new Proxy(db, {
    get(target, property) {
      if (property !== 'execute') return Reflect.get(target, property, target);
      return async (...args: Parameters<Database['execute']>) => rowsOf<{ organisation_id: string }>(await target.execute(...args)).filter((row) => ids.includes(row.organisation_id));
    },
  });
}

describe('the daily apply-retention job', () => {
  afterAll(closeTestLedger);

  it('runs at 02:00 UTC every day', () => {
    expect(applyRetentionJob.cron).toBe('0 2 * * *');
  });

  it('runs the policy for every tenant as of its clock, each recorded as a scheduled run', async () => {
    const clock = testClock(new Date(Math.ceil(Date.now() / 1000) * 1000 + 60_000));
    const asOf = clock.now();
    const [a, b] = await Promise.all([createTenant(), createTenant()]);
    const expired = await createActivity(a.id, { type: 'fan_interaction', occurred_at: yearsBefore(asOf, 2, -1), ended_at: null });
    const kept = await createActivity(a.id, { type: 'fan_interaction', occurred_at: yearsBefore(asOf, 2, 1), ended_at: null });
    const message = await createMessage(b.id, { created_at: daysBefore(asOf, 366) });
    const result = await applyRetention({ db: onlyTenants(jobDb(), [a.id, b.id]), now: clock.now, runId: 'test-apply-retention', privacy: testPrivacy });
    expect(result).toEqual({ tenants: 2, succeeded: 2, failed: 0, deleted: 2, anonymised: 0 });
    expect(await exists('activities', expired)).toBe(false);
    expect(await exists('activities', kept)).toBe(true);
    expect(await exists('messages', message)).toBe(false);
    const runs = await ownerDb()`select organisation_id, trigger, dry_run, status, as_of from retention_runs where organisation_id in (${a.id}, ${b.id}) order by organisation_id`;
    expect(runs).toHaveLength(2);
    for (const run of runs) expect(run).toMatchObject({ trigger: 'schedule', dry_run: false, status: 'succeeded', as_of: asOf });
  });
});
