import { applyRetentionJob, createJobDeps } from '@/lib/transport/jobs/job-definitions';
import { inngest } from '../client';
import { createJobFunction } from './create-job-function';

export const applyRetentionFunction = createJobFunction(inngest, applyRetentionJob, createJobDeps);
