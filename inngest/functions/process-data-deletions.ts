import { createJobDeps, processDataDeletionsJob } from '@/lib/transport/jobs/job-definitions';
import { inngest } from '../client';
import { createJobFunction } from './create-job-function';

export const processDataDeletionsFunction = createJobFunction(inngest, processDataDeletionsJob, createJobDeps);
