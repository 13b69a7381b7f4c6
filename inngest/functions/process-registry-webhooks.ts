import { createJobDeps, processRegistryWebhooksJob } from '@/lib/transport/jobs/job-definitions';
import { inngest } from '../client';
import { createJobFunction } from './create-job-function';

export const processRegistryWebhooksFunction = createJobFunction(inngest, processRegistryWebhooksJob, createJobDeps);
