import { createJobDeps, processRegistryDataWebhooksJob } from '@/lib/jobs/job-definitions';
import { inngest } from '../client';
import { createJobFunction } from './create-job-function';

export const processRegistryDataWebhooksFunction = createJobFunction(inngest, processRegistryDataWebhooksJob, createJobDeps);
