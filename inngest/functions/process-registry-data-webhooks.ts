import { createJobDeps, processRegistryDataWebhooksJob } from '@/lib/transport/jobs/job-definitions';
import { inngest } from '../client';
import { createJobFunction } from './create-job-function';

export const processRegistryDataWebhooksFunction = createJobFunction(inngest, processRegistryDataWebhooksJob, createJobDeps);
