import { z } from 'zod';
import { pageQuery } from '@/lib/platform/pagination';

const count = z.number().int().min(0);
const isoDate = z.iso.date();

/** 2026-03: a calendar month (UTC). */
export const ReportMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month such as 2026-03 (YYYY-MM).');

export const ErasureFigures = z.object({
  filed: count.describe('Requests filed in the period.'),
  completed: count.describe('Requests completed in the period.'),
  rejected: count.describe('Requests rejected in the period.'),
  openAtPeriodEnd: z
    .object({
      total: count,
      pending: count.describe('Waiting for identity verification.'),
      verified: count.describe('Verified, not yet started.'),
      inProgress: count.describe('Being carried out.'),
    })
    .describe('Requests filed before the end of the period and neither completed nor rejected by then, by the state they were in at that moment.'),
  overdue: z
    .object({
      legal: count.describe('Open at the end of the period and past the 30-day legal limit.'),
      target: count.describe('Open at the end of the period and past the 7-day target from verification.'),
    })
    .describe('Overdue requests as of the end of the period.'),
  completedLate: count.describe('Of those completed in the period, how many after their legal limit.'),
  processingHours: z
    .object({ average: z.number().min(0).nullable(), maximum: z.number().min(0).nullable() })
    .describe('From filing to completion, of the requests completed in the period, in hours (two decimals); null when none was completed.'),
});
export type ErasureFigures = z.infer<typeof ErasureFigures>;

export const PastRetentionKind = z.object({ kind: z.string(), action: z.enum(['delete', 'anonymise']), count: count.min(1) });

export const RetentionFigures = z.object({
  runs: z.object({ succeeded: count, failed: count, dryRuns: count }).describe('Retention runs started in the period.'),
  failedRuns: z.array(z.object({ startedAt: z.iso.datetime(), dryRun: z.boolean(), trigger: z.enum(['schedule', 'manual']) })).describe('Every failed run, oldest first.'),
  daysWithoutRun: z.array(isoDate).describe('Days of the period (UTC) on which no real (non-dry) run succeeded, counting from the day the organisation was created.'),
  pastRetention: z
    .object({ asOf: z.iso.datetime(), total: count, kinds: z.array(PastRetentionKind) })
    .nullable()
    .describe('Records past their retention period still present when the report was generated: what a retention run at that moment would delete or anonymise.'),
});
export type RetentionFigures = z.infer<typeof RetentionFigures>;

export const SensitiveAccessor = z.object({
  rank: z.number().int().min(1),
  userId: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.enum(['EMPLOYEE', 'ASSET_MANAGER', 'ADMIN']).describe('The role the user has when the report is generated.'),
  reads: count.min(1),
  kinds: z.array(z.object({ kind: z.enum(['PERSON', 'MEDICAL_TREATMENT', 'ANTIDOPING_RECORD', 'INCIDENT_REPORT']), reads: count.min(1) })),
});
export type SensitiveAccessor = z.infer<typeof SensitiveAccessor>;

export const SensitiveAccessFigures = z.object({
  reads: count.describe("Reads of other people's sensitive records in the period (SENSITIVE_RECORD_VIEWED; reads of one's own records are left out)."),
  accessors: count.describe('Users who made them.'),
  topAccessors: z.array(SensitiveAccessor).max(10).describe('The 10 users with the most reads, most first.'),
});
export type SensitiveAccessFigures = z.infer<typeof SensitiveAccessFigures>;

export const LegalReportFigures = z.object({
  version: z.literal(1),
  periodStart: isoDate,
  periodEnd: isoDate.describe('Last day of the period, inclusive.'),
  asOf: z.iso.datetime().describe('When the figures were computed.'),
  erasure: ErasureFigures,
  retention: RetentionFigures,
  sensitiveAccess: SensitiveAccessFigures,
});
export type LegalReportFigures = z.infer<typeof LegalReportFigures>;

export const LegalReportSummary = z.object({
  id: z.uuid(),
  month: ReportMonth,
  periodStart: isoDate,
  periodEnd: isoDate,
  generatedAt: z.iso.datetime(),
  emailedTo: z.string().nullable().describe('The legal contact the report was e-mailed to; null when none was set.'),
});
export type LegalReportSummary = z.infer<typeof LegalReportSummary>;

export const LegalReport = LegalReportSummary.extend({ figures: LegalReportFigures });
export type LegalReport = z.infer<typeof LegalReport>;

export const LegalReportIdParams = z.object({ id: z.uuid() });
export const ListLegalReportsQuery = z.strictObject({ ...pageQuery });
export type ListLegalReportsQuery = z.infer<typeof ListLegalReportsQuery>;
export const GenerateLegalReportBody = z.strictObject({ month: ReportMonth.describe('The calendar month (UTC) to report on; it must be over.') });
export type GenerateLegalReportBody = z.infer<typeof GenerateLegalReportBody>;
export const LegalReportFormat = z.enum(['csv', 'pdf']);
export type LegalReportFormat = z.infer<typeof LegalReportFormat>;
export const DownloadLegalReportQuery = z.strictObject({ format: LegalReportFormat.describe('csv (spreadsheet) or pdf (printable).') });
