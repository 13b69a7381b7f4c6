import { createJobDeps, submitPersonChangeProposalsJob } from '@/lib/jobs/job-definitions';
import { inngest } from '../client';
import { createJobFunction } from './create-job-function';

export const submitPersonChangeProposalsFunction = createJobFunction(inngest, submitPersonChangeProposalsJob, createJobDeps);
