import { createJobDeps, sendLoanRemindersJob } from '@/lib/transport/jobs/job-definitions';
import { inngest } from '../client';
import { createJobFunction } from './create-job-function';

export const sendLoanRemindersFunction = createJobFunction(inngest, sendLoanRemindersJob, createJobDeps);
