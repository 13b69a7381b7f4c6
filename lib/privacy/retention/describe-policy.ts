import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '@/db/client';
import { organisations } from '@/db/schema';
import { describePeriod, RETENTION_POLICY, type RetentionPolicyRow } from './policy';
import type { RetentionPolicyRowSchema } from './schemas';

export type RetentionPolicyRowDto = z.infer<typeof RetentionPolicyRowSchema>;

/** The tenant's own day counts behind the rows whose period is a setting. */
export type RetentionSettings = { defaultRetentionDays: number; auditRetentionDays: number };

export async function getRetentionSettings(tx: Executor, organisationId: string): Promise<RetentionSettings | null> {
  const [row] = await tx
    .select({ defaultRetentionDays: organisations.defaultRetentionDays, auditRetentionDays: organisations.auditRetentionDays })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row ?? null;
}

const days = (n: number) => `${n.toLocaleString('en')} days`;

function periodText(row: RetentionPolicyRow, settings?: RetentionSettings | null): string {
  if (!settings || row.period.unit !== 'days') return describePeriod(row.period);
  if (row.kind === 'message') return `${days(settings.defaultRetentionDays)} (the organisation's default; a conversation may set its own, shorter or longer)`;
  const years = Math.round(settings.auditRetentionDays / 365.25);
  return Math.abs(years * 365.25 - settings.auditRetentionDays) < 1 ? `${years} years (${days(settings.auditRetentionDays)})` : days(settings.auditRetentionDays);
}

/** The policy table as the API, the admin screen and docs/privacy/retention.md show it; with settings, in the tenant's own days. */
export function describeRetentionPolicy(settings?: RetentionSettings | null): RetentionPolicyRowDto[] {
  return RETENTION_POLICY.map((row) => ({ ...row, period: { ...row.period }, periodText: periodText(row, settings), note: row.note ?? null }));
}
