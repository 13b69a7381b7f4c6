import type { Tx } from '@/db/client';
import { buildAccessorFigures } from './accessor-figures';
import { buildErasureFigures } from './erasure-figures';
import type { ReportPeriod } from './report-period';
import { buildRetentionFigures, type PreviewRetention } from './retention-figures';
import { LegalReportFigures } from './schemas';

export type BuildLegalReportOptions = { period: ReportPeriod; asOf: Date; previewRetention?: PreviewRetention };

/** Every figure of one tenant's monthly legal report (spec 001), computed under the tenant's RLS context. */
export async function buildLegalReportFigures(tx: Tx, organisationId: string, options: BuildLegalReportOptions): Promise<LegalReportFigures> {
  const { period, asOf } = options;
  const erasure = await buildErasureFigures(tx, organisationId, period);
  const retention = await buildRetentionFigures(tx, organisationId, period, asOf, options.previewRetention);
  const sensitiveAccess = await buildAccessorFigures(tx, organisationId, period);
  // Parsed so that what is stored is exactly what the API, the CSV and the PDF read back.
  return LegalReportFigures.parse({ version: 1, periodStart: period.periodStart, periodEnd: period.periodEnd, asOf: asOf.toISOString(), erasure, retention, sensitiveAccess });
}
