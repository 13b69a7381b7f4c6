import { createJobDeps, submitPersonChangeProposalsJob } from '@/lib/transport/jobs/job-definitions';
import { inngest } from '../client';
import { createJobFunction } from './create-job-function';

export const submitPersonChangeProposalsFunction = createJobFunction(inngest, submitPersonChangeProposalsJob, createJobDeps);
