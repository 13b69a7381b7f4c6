import { createJobDeps, reconcileRegistryJob } from '@/lib/transport/jobs/job-definitions';
import { inngest } from '../client';
import { createJobFunction } from './create-job-function';

export const reconcileRegistryFunction = createJobFunction(inngest, reconcileRegistryJob, createJobDeps);
