import { createJobDeps, syncCodelistsDailyJob } from '@/lib/jobs/job-definitions';
import { inngest } from '../client';
import { createJobFunction } from './create-job-function';

export const syncCodelistsDailyFunction = createJobFunction(inngest, syncCodelistsDailyJob, createJobDeps);
