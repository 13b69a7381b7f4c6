import { createBackupsJob, createJobDeps } from '@/lib/transport/jobs/job-definitions';
import { inngest } from '../client';
import { createJobFunction } from './create-job-function';

export const createBackupsFunction = createJobFunction(inngest, createBackupsJob, createJobDeps);
