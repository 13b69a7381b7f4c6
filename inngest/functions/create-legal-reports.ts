import { createJobDeps, createLegalReportsJob } from '@/lib/transport/jobs/job-definitions';
import { inngest } from '../client';
import { createJobFunction } from './create-job-function';

export const createLegalReportsFunction = createJobFunction(inngest, createLegalReportsJob, createJobDeps);
