import { createDataExportsJob, createJobDeps } from '@/lib/transport/jobs/job-definitions';
import { inngest } from '../client';
import { createJobFunction } from './create-job-function';

export const createDataExportsFunction = createJobFunction(inngest, createDataExportsJob, createJobDeps);
