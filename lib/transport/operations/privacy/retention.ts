import { pageSchema } from '@/lib/platform/pagination';
import {
  ListRetentionRunsQuery,
  RetentionPolicyResponse,
  RetentionRun as RetentionRunSchema,
  RetentionRunIdParams,
  StartRetentionRunQuery,
} from '@/lib/privacy/retention/schemas';
import { defineOperation } from '../operation';
import { named } from '../named';

const tag = 'Retention';

const RetentionPolicy = named('RetentionPolicy', RetentionPolicyResponse, {
  description: "Spec 001's retention per kind of data: one row per kind with its period, anchor date and action at expiry.",
});
const RetentionRun = named('RetentionRun', RetentionRunSchema, { description: 'One run of the retention policy over the organisation, or a dry run that only counted.' });
const RetentionRunPage = named('RetentionRunPage', pageSchema(RetentionRun), { description: 'One page of retention runs, newest first.' });

export const getRetentionPolicy = defineOperation({
  method: 'get',
  path: '/v1/retention/policy',
  operationId: 'getRetentionPolicy',
  summary: 'Get the retention policy',
  description:
    "The policy the daily retention job (02:00 UTC) applies: per kind, the period (calendar years in UTC, or days from a setting), the date it runs from, and what happens at expiry (delete, anonymise, keep). A record expires at anchor + period; the first run at or after that instant removes it. periodText gives the organisation's own day counts where the period is a setting.",
  tag,
  role: 'ADMIN',
  success: { status: 200, description: 'The policy table, in order.', schema: RetentionPolicy },
});

export const listRetentionRuns = defineOperation({
  method: 'get',
  path: '/v1/retention/runs',
  operationId: 'listRetentionRuns',
  summary: 'List retention runs',
  description: "The organisation's recorded runs, scheduled and manual, dry and real, newest first, with status, counts per kind and any error.",
  tag,
  role: 'ADMIN',
  query: ListRetentionRunsQuery,
  success: { status: 200, description: 'One page of runs.', schema: RetentionRunPage },
});

export const startRetentionRun = defineOperation({
  method: 'post',
  path: '/v1/retention/runs',
  operationId: 'startRetentionRun',
  summary: 'Run the retention policy now',
  description:
    'dryRun=true counts, per kind, what a run now would delete or anonymise, changes nothing, records the dry run and answers 200 with it. dryRun=false starts a real run: recorded as running (RETENTION_RUN_STARTED), answered 202 with its Location, and carried out in batches after the answer; poll the run for its outcome (RETENTION_RUN_COMPLETED or RETENTION_RUN_FAILED). One real run at a time: another while one runs answers 409 RETENTION_RUN_IN_PROGRESS.',
  tag,
  role: 'ADMIN',
  query: StartRetentionRunQuery,
  success: { status: 202, description: 'A real run, recorded as running; Location points to it.', schema: RetentionRun },
  alsoSuccess: { status: 200, description: 'A dry run, finished, with the counts per kind.', schema: RetentionRun },
  errors: ['RETENTION_RUN_IN_PROGRESS'],
});

export const getRetentionRun = defineOperation({
  method: 'get',
  path: '/v1/retention/runs/{id}',
  operationId: 'getRetentionRun',
  summary: 'Get a retention run',
  description: "One recorded run. Another organisation's run answers 404.",
  tag,
  role: 'ADMIN',
  params: RetentionRunIdParams,
  success: { status: 200, description: 'The run.', schema: RetentionRun },
  errors: ['RETENTION_RUN_NOT_FOUND'],
});
