import { createJobDeps, deliverOutboxJob } from '@/lib/transport/jobs/job-definitions';
import { inngest } from '../client';
import { createJobFunction } from './create-job-function';

export const deliverOutboxFunction = createJobFunction(inngest, deliverOutboxJob, createJobDeps);
