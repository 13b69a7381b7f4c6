import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDateTime } from '@/lib/platform/format/dates';
import { roleWords } from '@/lib/privacy/legal-reports/legal-report-lines';
import type { LegalReport } from '@/lib/privacy/legal-reports/schemas';

const linkClass = 'font-medium text-brand underline-offset-2 hover:underline focus-visible:underline';

export const monthName = (periodStart: string) => new Date(`${periodStart}T00:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function duration(hours: number | null): string {
  if (hours === null) return 'none completed';
  return hours < 48 ? `${hours} h` : `${Math.round((hours / 24) * 10) / 10} days`;
}

function Figure({ label, value, alert = false }: { label: string; value: string | number; alert?: boolean }) {
  return (
    <div className="rounded-md bg-slate-50 px-3 py-2">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className={alert ? 'text-base font-semibold text-red-700' : 'text-base font-semibold text-slate-900'}>{value}</dd>
    </div>
  );
}

function ReportCard({ report }: { report: LegalReport }) {
  const { erasure, retention, sensitiveAccess } = report.figures;
  const month = monthName(report.periodStart);
  const past = retention.pastRetention;
  return (
    <li data-testid="legal-report" data-month={report.month} className="space-y-4 px-5 py-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h3 className="text-base font-semibold text-slate-900">{month}</h3>
          <p className="text-sm text-slate-600">
            Generated {formatDateTime(report.generatedAt)} ·{' '}
            {report.emailedTo ? (
              <>E-mailed to {report.emailedTo}</>
            ) : (
              <Badge tone="warning">Not e-mailed: no legal contact was set</Badge>
            )}
          </p>
        </div>
        <div className="flex gap-4 text-sm">
          <a href={`/admin/legal-reports/${report.id}/download?format=csv`} className={linkClass} aria-label={`Download the report for ${month} as CSV`}>
            CSV
          </a>
          <a href={`/admin/legal-reports/${report.id}/download?format=pdf`} className={linkClass} aria-label={`Download the report for ${month} as PDF`}>
            PDF
          </a>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
        <Figure label="Erasure requests filed" value={erasure.filed} />
        <Figure label="Completed" value={erasure.completed} />
        <Figure label="Open at month end" value={erasure.openAtPeriodEnd.total} />
        <Figure label="Overdue (30-day limit)" value={erasure.overdue.legal} alert={erasure.overdue.legal > 0} />
        <Figure label="Average processing" value={duration(erasure.processingHours.average)} />
        <Figure label="Failed retention runs" value={retention.runs.failed} alert={retention.runs.failed > 0} />
        <Figure label="Days without a retention run" value={retention.daysWithoutRun.length} alert={retention.daysWithoutRun.length > 0} />
        <Figure label="Records past retention" value={past ? past.total : 'not measured'} alert={(past?.total ?? 0) > 0} />
        <Figure label="Sensitive records read" value={sensitiveAccess.reads} />
        <Figure label="Users who read them" value={sensitiveAccess.accessors} />
      </dl>
      {sensitiveAccess.topAccessors.length ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-slate-800">Top {sensitiveAccess.topAccessors.length} accessors of sensitive records</summary>
          <ol className="mt-2 divide-y divide-slate-100 rounded-md border border-slate-200">
            {sensitiveAccess.topAccessors.map((accessor) => (
              <li key={accessor.userId} className="flex flex-wrap justify-between gap-x-4 px-3 py-2">
                <span>
                  {accessor.rank}. <span className="font-medium text-slate-900">{accessor.name}</span>{' '}
                  <span className="text-slate-600">
                    {accessor.email ?? 'no e-mail'} · {roleWords[accessor.role]}
                  </span>
                </span>
                <span className="tabular-nums text-slate-900">{accessor.reads} reads</span>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </li>
  );
}

export function LegalReportList({ reports }: { reports: LegalReport[] }) {
  if (reports.length === 0) {
    return <EmptyState title="No legal reports yet" description="The first one is made on the 1st of next month, or generate one for a past month above." />;
  }
  return (
    <ul className="divide-y divide-slate-100">
      {reports.map((report) => (
        <ReportCard key={report.id} report={report} />
      ))}
    </ul>
  );
}
