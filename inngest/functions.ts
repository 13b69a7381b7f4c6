import type { Inngest } from 'inngest';
import type { JobDeps } from '@/lib/platform/jobs/job-deps';
import { createJobDeps, jobDefinitions, type JobDefinition } from '@/lib/transport/jobs/job-definitions';
import { inngest } from './client';

/**
 * A job as an Inngest function: its cron and events as triggers, the work in one step, so Inngest retries
 * a failed run and records the result. Concurrency 1 mirrors the in-process driver's "never overlaps itself".
 */
export function createJobFunction(client: Inngest.Any, job: JobDefinition, createDeps: () => Promise<JobDeps>) {
  return client.createFunction(
    {
      id: job.id,
      triggers: [{ cron: job.cron }, ...(job.events ?? []).map((event) => ({ event }))],
      concurrency: { limit: 1 },
    },
    async ({ step, runId }) => step.run(job.id, async () => job.run({ ...(await createDeps()), runId })),
  );
}

/** The functions /api/inngest serves: one per job definition, in the definitions' order. */
export const inngestFunctions = jobDefinitions.map((job) => createJobFunction(inngest, job, createJobDeps));
