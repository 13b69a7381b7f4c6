import { createJobDeps, purgeIdempotencyKeysJob } from '@/lib/transport/jobs/job-definitions';
import { inngest } from '../client';
import { createJobFunction } from './create-job-function';

export const purgeIdempotencyKeysFunction = createJobFunction(inngest, purgeIdempotencyKeysJob, createJobDeps);
