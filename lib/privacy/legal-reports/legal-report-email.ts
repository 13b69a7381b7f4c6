import type { Executor } from '@/db/client';
import { enqueueEmail, type OutboxContext } from '@/lib/platform/notifications/enqueue-email';
import type { LegalReportFigures } from './schemas';

/** One e-mail per generation: regenerating a month mails the new figures, a retried job does not mail twice. */
export const legalReportEmailKey = (legalReportId: string, generatedAt: Date) => `legal-report:${legalReportId}:${generatedAt.getTime()}`;

/**
 * The summary to the tenant's legal contact, through the outbox. It carries counts only: the names of the
 * accessors stay behind the admin page and its downloads, where access is checked and audited.
 */
export async function enqueueLegalReportEmail(tx: Executor, ctx: OutboxContext, report: { id: string; generatedAt: Date; figures: LegalReportFigures; to: string }): Promise<boolean> {
  const { figures } = report;
  return enqueueEmail(tx, ctx, {
    template: 'legal-report-ready',
    to: report.to,
    data: {
      legalReportId: report.id,
      periodStart: figures.periodStart,
      periodEnd: figures.periodEnd,
      erasureFiled: figures.erasure.filed,
      erasureCompleted: figures.erasure.completed,
      erasureOpen: figures.erasure.openAtPeriodEnd.total,
      erasureOverdue: figures.erasure.overdue.legal,
      averageProcessingHours: figures.erasure.processingHours.average,
      failedRetentionRuns: figures.retention.runs.failed,
      daysWithoutRetentionRun: figures.retention.daysWithoutRun.length,
      recordsPastRetention: figures.retention.pastRetention?.total ?? null,
      sensitiveReads: figures.sensitiveAccess.reads,
      sensitiveAccessors: figures.sensitiveAccess.accessors,
    },
    idempotencyKey: legalReportEmailKey(report.id, report.generatedAt),
  });
}
