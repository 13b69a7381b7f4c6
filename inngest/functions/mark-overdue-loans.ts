import { createJobDeps, markOverdueLoansJob } from '@/lib/transport/jobs/job-definitions';
import { inngest } from '../client';
import { createJobFunction } from './create-job-function';

export const markOverdueLoansFunction = createJobFunction(inngest, markOverdueLoansJob, createJobDeps);
