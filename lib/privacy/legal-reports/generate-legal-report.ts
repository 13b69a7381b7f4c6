import { eq, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { legalReports, organisations } from '@/db/schema';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { previewRetention } from '@/lib/privacy/retention/preview-retention';
import { buildLegalReportFigures } from './build-legal-report-figures';
import { enqueueLegalReportEmail } from './legal-report-email';
import type { PreviewRetention } from './retention-figures';
import type { ReportPeriod } from './report-period';
import type { LegalReportFigures } from './schemas';

export type GenerateLegalReportContext = {
  organisationId: string;
  requestId: string;
  user: { id: string } | null;
  afterCommit?: (fn: () => void) => void;
};

export type GeneratedLegalReport = { id: string; generatedAt: Date; figures: LegalReportFigures; emailedTo: string | null; regenerated: boolean };

/**
 * Computes the month's figures and stores them as the tenant's report for that month: a second run replaces the
 * figures of the first (one row per tenant and month). The legal contact, when set, gets the summary by e-mail;
 * both are audited in the same transaction.
 */
export async function generateLegalReport(
  tx: Tx,
  ctx: GenerateLegalReportContext,
  input: { period: ReportPeriod; now: Date; /** Defaults to the retention policy's own preview. */ previewRetention?: PreviewRetention },
): Promise<GeneratedLegalReport> {
  const { period, now } = input;
  const figures = await buildLegalReportFigures(tx, ctx.organisationId, { period, asOf: now, previewRetention: input.previewRetention ?? previewRetention });
  const [stored] = await tx
    .insert(legalReports)
    .values({ organisationId: ctx.organisationId, periodStart: period.periodStart, periodEnd: period.periodEnd, figures, generatedAt: now })
    .onConflictDoUpdate({ target: [legalReports.organisationId, legalReports.periodStart], set: { figures, periodEnd: period.periodEnd, generatedAt: now } })
    // xmax is 0 for a row this statement inserted, and set for one it updated.
    .returning({ id: legalReports.id, generatedAt: legalReports.generatedAt, regenerated: sql<boolean>`xmax <> 0` });
  if (!stored) throw new Error('The legal report was not stored');
  const [organisation] = await tx.select({ legalContactEmail: organisations.legalContactEmail }).from(organisations).where(eq(organisations.id, ctx.organisationId));
  const to = organisation?.legalContactEmail ?? null;
  const emailed = to ? await enqueueLegalReportEmail(tx, { organisationId: ctx.organisationId, afterCommit: ctx.afterCommit }, { id: stored.id, generatedAt: stored.generatedAt, figures, to }) : false;
  await recordAudit(tx, ctx, {
    action: 'LEGAL_REPORT_GENERATED',
    targetType: 'LEGAL_REPORT',
    targetId: stored.id,
    metadata: { month: period.month, regenerated: stored.regenerated, emailed },
  });
  return { id: stored.id, generatedAt: stored.generatedAt, figures, emailedTo: emailed ? to : null, regenerated: stored.regenerated };
}
