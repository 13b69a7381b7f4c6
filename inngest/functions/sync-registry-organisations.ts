import { createJobDeps, syncRegistryOrganisationsJob } from '@/lib/transport/jobs/job-definitions';
import { inngest } from '../client';
import { createJobFunction } from './create-job-function';

export const syncRegistryOrganisationsFunction = createJobFunction(inngest, syncRegistryOrganisationsJob, createJobDeps);
