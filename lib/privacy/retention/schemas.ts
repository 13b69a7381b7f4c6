import { z } from 'zod';
import { retentionRunStatusEnum } from '@/db/schema';
import { pageQuery } from '@/lib/platform/pagination';
import { RETENTION_POLICY } from './policy';

const kinds = RETENTION_POLICY.map((row) => row.kind) as [string, ...string[]];
export const RetentionKindName = z.enum(kinds);
export const RetentionActionName = z.enum(['delete', 'anonymise', 'keep']);

export const RetentionPeriodSchema = z
  .discriminatedUnion('unit', [
    z.object({ unit: z.literal('years'), years: z.number().int() }),
    z.object({ unit: z.literal('days'), setting: z.string(), defaultDays: z.number().int() }),
    z.object({ unit: z.literal('forever') }),
    z.object({ unit: z.literal('parent') }),
  ])
  .describe('Calendar years after the anchor (UTC); days from a setting; forever; or the same as the parent record.');

export const RetentionPolicyRowSchema = z.object({
  kind: RetentionKindName,
  label: z.string(),
  table: z.string(),
  period: RetentionPeriodSchema,
  periodText: z.string().describe("The period in words, in the organisation's own days where the period is a setting."),
  anchor: z.string().nullable().describe('The column the period runs from; null when nothing expires.'),
  anchorLabel: z.string(),
  action: RetentionActionName.describe('What happens at expiry: delete, anonymise, or keep.'),
  note: z.string().nullable(),
});
export const RetentionPolicyResponse = z.object({ data: z.array(RetentionPolicyRowSchema) });

export const RetentionKindResultSchema = z.object({
  kind: RetentionKindName,
  action: RetentionActionName,
  count: z.number().int().min(0).describe('Records deleted or anonymised; for a dry run, records that a run would delete or anonymise.'),
});

export const RetentionRun = z.object({
  id: z.uuid(),
  dryRun: z.boolean(),
  trigger: z.enum(['schedule', 'manual']),
  requestedByUserId: z.uuid().nullable(),
  asOf: z.iso.datetime().describe('The clock the run judged expiry by.'),
  status: z.enum(retentionRunStatusEnum.enumValues),
  results: z.array(RetentionKindResultSchema).describe('One entry per policy row, in policy order.'),
  error: z.string().nullable().describe('Why the run failed; the results then show what was done before it.'),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});
export type RetentionRunDto = z.infer<typeof RetentionRun>;

export const StartRetentionRunQuery = z.strictObject({
  dryRun: z
    .enum(['true', 'false'])
    .describe('true: count only, change nothing (the run is still recorded). false: apply the policy now.')
    .transform((value) => value === 'true'),
});
export type StartRetentionRunQuery = z.infer<typeof StartRetentionRunQuery>;

export const ListRetentionRunsQuery = z.strictObject({ ...pageQuery });
export type ListRetentionRunsQuery = z.infer<typeof ListRetentionRunsQuery>;

export const RetentionRunIdParams = z.object({ id: z.uuid() });
