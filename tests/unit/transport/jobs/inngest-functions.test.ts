import { InngestTestEngine } from '@inngest/test';
import { Inngest } from 'inngest';
import { describe, expect, it, vi } from 'vitest';
import { createJobFunction, inngestFunctions } from '@/inngest/functions';
import type { JobDeps } from '@/lib/platform/jobs/job-deps';
import { deliverOutboxJob, jobDefinitions } from '@/lib/transport/jobs/job-definitions';

const client = new Inngest({ id: 'quartermaster-test', isDev: true });
const deps = { emailFrom: 'test@example.test', now: () => new Date('2030-01-01T00:00:00Z') } as unknown as JobDeps;

describe('Inngest job functions', () => {
  it.each(jobDefinitions.map((job) => [job.id, job] as const))('%s runs its job in one step and returns its result', async (_id, job) => {
    const run = vi.fn(async () => ({ done: 3 }));
    const createDeps = vi.fn(async () => deps);
    const engine = new InngestTestEngine({ function: createJobFunction(client, { ...job, run }, createDeps) });

    const { result, ctx } = await engine.execute();

    expect(result).toEqual({ done: 3 });
    expect(ctx.step.run).toHaveBeenCalledTimes(1);
    expect(ctx.step.run).toHaveBeenCalledWith(job.id, expect.any(Function));
    // Real Inngest keeps one runId per run; the test engine mints one per re-execution, so only its presence is checked.
    expect(run).toHaveBeenCalledWith({ ...deps, runId: expect.stringMatching(/^[0-9A-Z]{26}$/) });
  });

  it('fails the step when the job throws, so that Inngest retries it', async () => {
    const run = vi.fn(async () => {
      throw new Error('database unreachable');
    });
    const engine = new InngestTestEngine({ function: createJobFunction(client, { ...deliverOutboxJob, run }, async () => deps) });

    const { error } = await engine.execute();

    expect(error).toMatchObject({ message: 'database unreachable' });
  });

  it('serves one function per job with its cron and events as triggers', async () => {
    expect(inngestFunctions.map((fn) => [fn.id('quartermaster'), fn.opts.triggers])).toEqual([
      ['quartermaster-deliver-outbox', [{ cron: '* * * * *' }, { event: 'quartermaster/outbox.enqueued' }]],
      ['quartermaster-send-loan-reminders', [{ cron: '0 * * * *' }]],
      ['quartermaster-mark-overdue-loans', [{ cron: '0 * * * *' }]],
      ['quartermaster-create-backups', [{ cron: '*/5 * * * *' }, { event: 'quartermaster/backup.requested' }]],
      ['quartermaster-create-data-exports', [{ cron: '*/5 * * * *' }, { event: 'quartermaster/data-export.requested' }]],
      ['quartermaster-process-data-deletions', [{ cron: '*/5 * * * *' }, { event: 'quartermaster/data-deletion.verified' }]],
      ['quartermaster-notify-overdue-erasure-requests', [{ cron: '10 * * * *' }]],
      ['quartermaster-apply-retention', [{ cron: '0 2 * * *' }]],
      ['quartermaster-create-legal-reports', [{ cron: '0 3 1 * *' }]],
      ['quartermaster-process-registry-webhooks', [{ cron: '* * * * *' }, { event: 'quartermaster/registry-webhook.received' }]],
      ['quartermaster-reconcile-registry', [{ cron: '0 2 * * *' }]],
      ['quartermaster-registry-backfill', [{ cron: '30 2 * * *' }, { event: 'quartermaster/registry-backfill.requested' }]],
      ['quartermaster-process-registry-data-webhooks', [{ cron: '* * * * *' }, { event: 'quartermaster/registry-webhook.received' }]],
      ['quartermaster-sync-registry-organisations', [{ cron: '15 2 * * *' }]],
      ['quartermaster-sync-codelists-daily', [{ cron: '30 2 * * *' }]],
      ['quartermaster-sync-codelists-weekly', [{ cron: '45 2 * * 1' }]],
      ['quartermaster-submit-person-change-proposals', [{ cron: '* * * * *' }, { event: 'quartermaster/person-change-proposal.approved' }]],
      ['quartermaster-deliver-webhooks', [{ cron: '* * * * *' }, { event: 'quartermaster/webhook.enqueued' }]],
      ['quartermaster-purge-idempotency-keys', [{ cron: '20 * * * *' }]],
    ]);
  });

  it.each(inngestFunctions.map((fn, i) => [jobDefinitions[i]!.id, fn] as const))('the served %s function returns what its step returns', async (id, fn) => {
    const engine = new InngestTestEngine({ function: fn, steps: [{ id, handler: () => ({ mocked: 1 }) }] });

    const { result, error } = await engine.execute();

    expect(error).toBeUndefined();
    expect(result).toEqual({ mocked: 1 });
  });
});
