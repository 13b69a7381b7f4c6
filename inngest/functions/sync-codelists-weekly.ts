import { createJobDeps, syncCodelistsWeeklyJob } from '@/lib/transport/jobs/job-definitions';
import { inngest } from '../client';
import { createJobFunction } from './create-job-function';

export const syncCodelistsWeeklyFunction = createJobFunction(inngest, syncCodelistsWeeklyJob, createJobDeps);
