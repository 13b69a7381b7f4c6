import type { LegalReportFigures } from './schemas';

/** One figure: "Erasure requests", "Filed in the period", 4; item names the accessor or run a line belongs to. */
export type LegalReportLine = { item: string; metric: string; value: string | number };
export type LegalReportLineSection = { heading: string; description: string; emptyText?: string; lines: LegalReportLine[] };

const kindWords: Record<string, string> = {
  PERSON: 'National identifiers',
  MEDICAL_TREATMENT: 'Medical treatments',
  ANTIDOPING_RECORD: 'Anti-doping records',
  INCIDENT_REPORT: 'Incident reports',
};
export const roleWords: Record<string, string> = { EMPLOYEE: 'Employee', ASSET_MANAGER: 'Asset manager', ADMIN: 'Administrator' };

const line = (metric: string, value: string | number, item = ''): LegalReportLine => ({ item, metric, value });
/** 2026-10-05T02:00:00.000Z -> 2026-10-05 02:00 UTC: unambiguous, and a spreadsheet keeps it as written. */
export const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
const days = (hours: number) => Math.round((hours / 24) * 100) / 100;

function erasureSection(figures: LegalReportFigures): LegalReportLineSection {
  const { erasure } = figures;
  const { average, maximum } = erasure.processingHours;
  return {
    heading: 'Erasure requests',
    description: 'Requests to erase personal data (spec 001): filed, decided and still open. Open and overdue are counted as at the end of the period.',
    lines: [
      line('Filed in the period', erasure.filed),
      line('Completed in the period', erasure.completed),
      line('Rejected in the period', erasure.rejected),
      line('Open at the end of the period', erasure.openAtPeriodEnd.total),
      line('Open: waiting for identity verification', erasure.openAtPeriodEnd.pending),
      line('Open: verified, not started', erasure.openAtPeriodEnd.verified),
      line('Open: in progress', erasure.openAtPeriodEnd.inProgress),
      line('Overdue: past the 30-day legal limit', erasure.overdue.legal),
      line('Overdue: past the 7-day target', erasure.overdue.target),
      line('Completed after the legal limit', erasure.completedLate),
      line('Average processing time (hours)', average ?? 'none completed'),
      line('Average processing time (days)', average === null ? 'none completed' : days(average)),
      line('Longest processing time (hours)', maximum ?? 'none completed'),
      line('Longest processing time (days)', maximum === null ? 'none completed' : days(maximum)),
    ],
  };
}

function retentionSection(figures: LegalReportFigures): LegalReportLineSection {
  const { retention } = figures;
  const past = retention.pastRetention;
  return {
    heading: 'Retention anomalies',
    description: 'The retention job runs daily at 02:00 UTC. A failed run or a day without a successful run means the policy was not applied that day.',
    lines: [
      line('Successful runs', retention.runs.succeeded),
      line('Failed runs', retention.runs.failed),
      line('Dry runs', retention.runs.dryRuns),
      ...retention.failedRuns.map((run, index) => line(`Failed run ${index + 1}`, `${utc(run.startedAt)} (${run.trigger === 'schedule' ? 'scheduled' : 'manual'}${run.dryRun ? ', dry run' : ''})`)),
      line('Days without a successful run', retention.daysWithoutRun.length),
      ...(retention.daysWithoutRun.length ? [line('Days without a successful run: dates', retention.daysWithoutRun.join(' '))] : []),
      line('Records past retention still present', past ? past.total : 'not measured'),
      ...(past ? [line('Records past retention: measured at', utc(past.asOf)), ...past.kinds.map((kind) => line(`Past retention: ${kind.kind} (${kind.action})`, kind.count))] : []),
    ],
  };
}

function accessSection(figures: LegalReportFigures): LegalReportLineSection {
  const { sensitiveAccess } = figures;
  return {
    heading: 'Top accessors of sensitive records',
    description: "Reads of other people's national identifiers, medical treatments, anti-doping records and incident reports, by user; reads of one's own records are left out.",
    lines: [
      line('Reads of sensitive records', sensitiveAccess.reads),
      line('Users who read sensitive records', sensitiveAccess.accessors),
      ...sensitiveAccess.topAccessors.flatMap((accessor) => {
        const item = `${accessor.rank}. ${accessor.name}`;
        return [
          line('E-mail', accessor.email ?? 'none', item),
          line('Role', roleWords[accessor.role] ?? accessor.role, item),
          line('Reads', accessor.reads, item),
          ...accessor.kinds.map((kind) => line(`Reads: ${kindWords[kind.kind] ?? kind.kind}`, kind.reads, item)),
        ];
      }),
    ],
  };
}

/** The report's figures as labelled lines: the CSV and the PDF are both written from these, so they agree. */
export function legalReportLines(figures: LegalReportFigures): LegalReportLineSection[] {
  return [erasureSection(figures), retentionSection(figures), accessSection(figures)];
}
