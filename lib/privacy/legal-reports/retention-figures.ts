import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '@/db/client';
import type { RetentionKindResult } from '@/db/schema';
import type { ReportPeriod } from './report-period';
import type { RetentionFigures } from './schemas';

/** What a retention run at `asOf` would do, per kind (lib/privacy/retention/preview-retention.ts). */
export type PreviewRetention = (tx: Tx, organisationId: string, asOf: Date) => Promise<RetentionKindResult[]>;

type RunRow = { status: 'running' | 'succeeded' | 'failed'; dry_run: boolean; trigger: 'schedule' | 'manual'; started_at: Date | string };

const iso = (value: Date | string) => new Date(value).toISOString();

/** Records a run would remove or anonymise now are records kept past their period: the anomaly the report names. */
export function pastRetentionOf(results: RetentionKindResult[], asOf: Date): NonNullable<RetentionFigures['pastRetention']> {
  const kinds = results.flatMap((result) => (result.action !== 'keep' && result.count > 0 ? [{ kind: result.kind, action: result.action, count: result.count }] : []));
  return { asOf: asOf.toISOString(), total: kinds.reduce((sum, kind) => sum + kind.count, 0), kinds };
}

/**
 * Retention anomalies of the period: failed runs, days on which no real run succeeded (the job runs daily, so each
 * such day is a day the policy was not applied), and, when a preview is given, what is past retention right now.
 */
export async function buildRetentionFigures(tx: Tx, organisationId: string, period: ReportPeriod, asOf: Date, preview?: PreviewRetention): Promise<RetentionFigures> {
  const start = sql`${period.start.toISOString()}::timestamptz`;
  const end = sql`${period.end.toISOString()}::timestamptz`;
  const runs = rowsOf<RunRow>(
    await tx.execute(sql`
      select status, dry_run, trigger, started_at from retention_runs
      where organisation_id = ${organisationId} and started_at >= ${start} and started_at < ${end}
      order by started_at, id
    `),
  );
  const missing = rowsOf<{ day: string }>(
    await tx.execute(sql`
      select to_char(d.day, 'YYYY-MM-DD') as day
      from organisations o,
        generate_series(greatest(${period.periodStart}::date, (o.created_at at time zone 'UTC')::date), ${period.periodEnd}::date, interval '1 day') as d(day)
      where o.id = ${organisationId}
        and not exists (
          select 1 from retention_runs r
          where r.organisation_id = ${organisationId} and r.status = 'succeeded' and not r.dry_run
            and r.started_at >= d.day at time zone 'UTC' and r.started_at < (d.day + interval '1 day') at time zone 'UTC'
        )
      order by d.day
    `),
  );
  return {
    runs: {
      succeeded: runs.filter((run) => run.status === 'succeeded' && !run.dry_run).length,
      failed: runs.filter((run) => run.status === 'failed').length,
      dryRuns: runs.filter((run) => run.dry_run).length,
    },
    failedRuns: runs.filter((run) => run.status === 'failed').map((run) => ({ startedAt: iso(run.started_at), dryRun: run.dry_run, trigger: run.trigger })),
    daysWithoutRun: missing.map((row) => row.day),
    pastRetention: preview ? pastRetentionOf(await preview(tx, organisationId, asOf), asOf) : null,
  };
}
