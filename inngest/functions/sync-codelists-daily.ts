import { createJobDeps, syncCodelistsDailyJob } from '@/lib/transport/jobs/job-definitions';
import { inngest } from '../client';
import { createJobFunction } from './create-job-function';

export const syncCodelistsDailyFunction = createJobFunction(inngest, syncCodelistsDailyJob, createJobDeps);
