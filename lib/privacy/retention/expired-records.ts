import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '@/db/client';
import { addYearsUtc, RETENTION_POLICY, type RetentionPolicyRow } from './policy';

/**
 * The SQL behind each policy row: which rows of one tenant have expired by `asOf`. Preview and run use the same
 * conditions, so a dry run's counts are what the real run then does.
 *
 * Calendar-year periods are judged in UTC (`anchor + N years <= asOf`, PostgreSQL's calendar arithmetic); the
 * coarse bound on the bare anchor beside it lets the anchor's index do the work, and day periods are whole
 * 24-hour days.
 */

const ids = (table: string) => sql.raw(table);

type YearRow = RetentionPolicyRow & { period: { unit: 'years'; years: number }; anchor: string };

function yearRow(kind: RetentionPolicyRow['kind']): YearRow {
  const row = RETENTION_POLICY.find((r) => r.kind === kind);
  if (!row || row.period.unit !== 'years' || !row.anchor) throw new Error(`retention policy row ${kind} has no period in years`);
  return row as YearRow;
}

/** `anchor + N years <= asOf`, with an index-friendly bound on the anchor itself (a few days' slack for 29 February). */
export function expiredByYears(alias: string, anchor: string, years: number, asOf: Date): SQL {
  const column = sql.raw(`${alias}.${anchor}`);
  const bound = new Date(addYearsUtc(asOf, -years).getTime() + 3 * 86_400_000);
  return sql`${column} <= ${bound.toISOString()}::timestamptz and ((${column} at time zone 'UTC') + make_interval(years => ${years}::integer)) at time zone 'UTC' <= ${asOf.toISOString()}::timestamptz`;
}

/** The subject-record tables whose rows are deleted whole at expiry (no children). */
export const PLAIN_DELETE_KINDS = ['medical_treatment', 'donation', 'antidoping_record', 'incident_report', 'financial_transaction'] as const;
export type PlainDeleteKind = (typeof PLAIN_DELETE_KINDS)[number];

export function plainExpired(kind: PlainDeleteKind, organisationId: string, asOf: Date): { table: SQL; where: SQL } {
  const row = yearRow(kind);
  return { table: ids(row.table), where: sql`t.organisation_id = ${organisationId}::uuid and ${expiredByYears('t', row.anchor, row.period.years, asOf)}` };
}

export const ACTIVITY_DELETE_KINDS = ['training', 'fan_interaction'] as const;
export type ActivityDeleteKind = (typeof ACTIVITY_DELETE_KINDS)[number];

export function activityExpired(kind: ActivityDeleteKind, organisationId: string, asOf: Date): SQL {
  const row = yearRow(kind);
  return sql`t.organisation_id = ${organisationId}::uuid and t.type = ${kind} and ${expiredByYears('t', row.anchor, row.period.years, asOf)}`;
}

/** The expired activities of every deleting kind: their comments go with them. */
export function anyActivityExpired(organisationId: string, asOf: Date): SQL {
  return sql.join(
    ACTIVITY_DELETE_KINDS.map((kind) => sql`(${activityExpired(kind, organisationId, asOf)})`),
    sql` or `,
  );
}

/**
 * Messages past their conversation's period (its own retention_days, else the organisation's default), and past
 * any manual extension. Written as `created_at <= asOf - days` so each conversation's messages are an index range.
 */
export function messageExpired(organisationId: string, asOf: Date): { from: SQL; where: SQL } {
  const at = sql`${asOf.toISOString()}::timestamptz`;
  return {
    from: sql`messages m join conversations c on c.organisation_id = m.organisation_id and c.id = m.conversation_id join organisations o on o.id = m.organisation_id`,
    where: sql`m.organisation_id = ${organisationId}::uuid
      and m.created_at <= ${at} - coalesce(c.retention_days, o.default_retention_days) * interval '24 hours'
      and (c.retention_extended_until is null or c.retention_extended_until <= ${at})`,
  };
}

export function personExpired(organisationId: string, asOf: Date): SQL {
  const row = yearRow('person');
  return sql`t.organisation_id = ${organisationId}::uuid and t.deleted_at is not null and t.anonymized_at is null and ${expiredByYears('t', row.anchor, row.period.years, asOf)}`;
}

/**
 * The instant audit entries must be at or before to have expired: asOf minus the tenant's audit_retention_days,
 * never later than the database's own clock allows (app_purge_audit_log clamps the same way).
 */
export async function auditCutoff(tx: Executor, organisationId: string, asOf: Date): Promise<Date> {
  const [row] = rowsOf<{ cutoff: Date | string }>(
    await tx.execute(sql`select least(${asOf.toISOString()}::timestamptz, now()) - audit_retention_days * interval '24 hours' as cutoff from organisations where id = ${organisationId}::uuid`),
  );
  if (!row) throw new Error('organisation not found for the retention run');
  return new Date(row.cutoff);
}

export async function countOf(tx: Executor, query: SQL): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(await tx.execute(query));
  return Number(row?.n ?? 0);
}
