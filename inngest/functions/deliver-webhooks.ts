import { createJobDeps, deliverWebhooksJob } from '@/lib/transport/jobs/job-definitions';
import { inngest } from '../client';
import { createJobFunction } from './create-job-function';

export const deliverWebhooksFunction = createJobFunction(inngest, deliverWebhooksJob, createJobDeps);
