import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '@/db/client';
import { legalReports } from '@/db/schema';
import { createContext } from '@/lib/platform/core/context';
import { generateLegalReport } from '@/lib/privacy/legal-reports/generate-legal-report';
import { previousMonth, type ReportPeriod, reportPeriod } from '@/lib/privacy/legal-reports/report-period';
import { describeError, type JobDeps, runTenantUnit } from '@/lib/platform/jobs/job-deps';

export type CreateLegalReportsDeps = Pick<JobDeps, 'db' | 'now' | 'runId' | 'log'>;
export type CreateLegalReportsResult = { created: number; failed: number };

/** False when the month's report exists already (another runner, or an admin was quicker). */
async function generateIfMissing(tx: Tx, organisationId: string, period: ReportPeriod, deps: CreateLegalReportsDeps & { runId: string }, afterCommit: (fn: () => void) => void): Promise<boolean> {
  // Two runners racing for one tenant and month queue here; the second then finds the report and leaves it.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`legal-report:${organisationId}:${period.periodStart}`}))`);
  const [existing] = await tx
    .select({ id: legalReports.id })
    .from(legalReports)
    .where(and(eq(legalReports.organisationId, organisationId), eq(legalReports.periodStart, period.periodStart)));
  if (existing) return false;
  const now = deps.now();
  const { ctx } = createContext({ organisationId, requestId: deps.runId, now, user: null });
  await generateLegalReport(tx, { ...ctx, afterCommit }, { period, now });
  return true;
}

/**
 * The monthly legal report (spec 001), on the 1st after the night's retention run: for every tenant without one,
 * the previous month's report is computed, stored and e-mailed to the legal contact. A tenant that fails is
 * logged and retried by the next run; the others go on.
 */
export async function createLegalReports(deps: CreateLegalReportsDeps): Promise<CreateLegalReportsResult> {
  const run = { ...deps, runId: deps.runId ?? randomUUID() };
  const period = reportPeriod(previousMonth(deps.now()));
  const due = rowsOf<{ organisation_id: string }>(
    await deps.db.execute(sql`select organisation_id from app_organisations_due_legal_report(${period.periodStart}::date, ${period.end.toISOString()}::timestamptz)`),
  );
  const result: CreateLegalReportsResult = { created: 0, failed: 0 };
  for (const { organisation_id: organisationId } of due) {
    try {
      if (await runTenantUnit(deps.db, organisationId, (tx, afterCommit) => generateIfMissing(tx, organisationId, period, run, afterCommit))) result.created += 1;
    } catch (error) {
      result.failed += 1;
      deps.log?.error(`[quartermaster] legal report ${period.month} of organisation ${organisationId} failed: ${describeError(error)}`);
    }
  }
  return result;
}
