import { createJobDeps, registryBackfillJob } from '@/lib/transport/jobs/job-definitions';
import { inngest } from '../client';
import { createJobFunction } from './create-job-function';

export const registryBackfillFunction = createJobFunction(inngest, registryBackfillJob, createJobDeps);
