import type { Tx } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import { generateLegalReport } from './generate-legal-report';
import { findLegalReport } from './legal-report-store';
import { assertMonthIsOver, reportPeriod } from './report-period';
import type { GenerateLegalReportBody, LegalReport } from './schemas';

/** An admin generates (or regenerates) the report of a month that is over, from the API or the admin page. */
export async function requestLegalReport(tx: Tx, ctx: RequestContext, input: GenerateLegalReportBody): Promise<{ report: LegalReport; regenerated: boolean }> {
  const period = reportPeriod(input.month);
  assertMonthIsOver(period, ctx.now);
  const generated = await generateLegalReport(tx, ctx, { period, now: ctx.now });
  return { report: await findLegalReport(tx, ctx.organisationId, generated.id), regenerated: generated.regenerated };
}
