import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '@/db/client';
import type { ReportPeriod } from './report-period';
import type { ErasureFigures } from './schemas';

type Row = {
  filed: number;
  completed: number;
  rejected: number;
  pending: number;
  verified: number;
  in_progress: number;
  overdue_legal: number;
  overdue_target: number;
  completed_late: number;
  average_hours: string | null;
  maximum_hours: string | null;
};

const hours = (value: string | null) => (value === null ? null : Math.round(Number(value) * 100) / 100);

/**
 * Erasure requests in the period. "Open at the end of the period" is judged by the request's own timestamps, not its
 * status now, so a report regenerated later says what it said on the 1st: filed before the end, neither completed
 * nor rejected before it, in the state its verification and start times put it in at that moment.
 */
export async function buildErasureFigures(tx: Tx, organisationId: string, period: ReportPeriod): Promise<ErasureFigures> {
  // Raw SQL parameters skip the driver's Date serialiser: instants travel as ISO strings, cast in the query.
  const start = sql`${period.start.toISOString()}::timestamptz`;
  const end = sql`${period.end.toISOString()}::timestamptz`;
  const open = sql`r.requested_at < ${end} and (r.completed_at is null or r.completed_at >= ${end}) and (r.rejected_at is null or r.rejected_at >= ${end})`;
  const completedInPeriod = sql`r.completed_at >= ${start} and r.completed_at < ${end}`;
  const processing = sql`extract(epoch from (r.completed_at - r.requested_at)) / 3600`;
  const [row] = rowsOf<Row>(
    await tx.execute(sql`
      select
        count(*) filter (where r.requested_at >= ${start} and r.requested_at < ${end})::int as filed,
        count(*) filter (where ${completedInPeriod})::int as completed,
        count(*) filter (where r.rejected_at >= ${start} and r.rejected_at < ${end})::int as rejected,
        count(*) filter (where ${open} and (r.verified_at is null or r.verified_at >= ${end}))::int as pending,
        count(*) filter (where ${open} and r.verified_at < ${end} and (r.started_at is null or r.started_at >= ${end}))::int as verified,
        count(*) filter (where ${open} and r.started_at < ${end})::int as in_progress,
        count(*) filter (where ${open} and r.legal_due_at < ${end})::int as overdue_legal,
        count(*) filter (where ${open} and r.target_due_at < ${end})::int as overdue_target,
        count(*) filter (where ${completedInPeriod} and r.completed_at > r.legal_due_at)::int as completed_late,
        avg(${processing}) filter (where ${completedInPeriod})::text as average_hours,
        max(${processing}) filter (where ${completedInPeriod})::text as maximum_hours
      from data_deletion_requests r
      where r.organisation_id = ${organisationId}
    `),
  );
  if (!row) throw new Error('The erasure figures query returned no row');
  return {
    filed: row.filed,
    completed: row.completed,
    rejected: row.rejected,
    openAtPeriodEnd: { total: row.pending + row.verified + row.in_progress, pending: row.pending, verified: row.verified, inProgress: row.in_progress },
    overdue: { legal: row.overdue_legal, target: row.overdue_target },
    completedLate: row.completed_late,
    processingHours: { average: hours(row.average_hours), maximum: hours(row.maximum_hours) },
  };
}
