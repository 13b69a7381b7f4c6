import Link from 'next/link';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { formatDate } from '@/lib/platform/format/dates';
import type { IncidentReport } from '@/lib/records/incidents/schemas';
import { incidentSeverityLabels, incidentStatusLabels } from './record-labels';

const severityTones: Record<string, BadgeTone> = { low: 'neutral', medium: 'info', high: 'warning', critical: 'danger' };
const statusTones: Record<string, BadgeTone> = { open: 'warning', investigating: 'info', resolved: 'success', dismissed: 'neutral' };

export function SeverityBadge({ severity }: { severity: string }) {
  return <Badge tone={severityTones[severity]}>{incidentSeverityLabels[severity]}</Badge>;
}

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={statusTones[status]}>{incidentStatusLabels[status]}</Badge>;
}

/** The person a report is about, in words: their name, or that they were erased. */
export function subjectWords(report: Pick<IncidentReport, 'personId'>, names: ReadonlyMap<string, string>): string {
  return report.personId ? (names.get(report.personId) ?? 'Unknown person') : 'A person whose data was erased';
}

/**
 * Reports as a list; `names` resolves subjects (left out when every report is about the same person) and
 * `reporters` who filed them, for the readers the lib lets know it (a subject never does).
 */
export function IncidentList({ reports, subjects, reporters }: { reports: IncidentReport[]; subjects?: ReadonlyMap<string, string>; reporters?: ReadonlyMap<string, string> }) {
  return (
    <ul className="divide-y divide-slate-100">
      {reports.map((report) => (
        <li key={report.id} className="py-3" data-testid="incident-report">
          <div className="flex flex-wrap items-center gap-2">
            <Link href={`/incidents/${report.id}`} className="font-medium text-brand hover:underline">
              {subjects ? `About ${subjectWords(report, subjects)}` : 'Report'} · {formatDate(report.occurredAt)}
            </Link>
            <SeverityBadge severity={report.severity} />
            <StatusBadge status={report.status} />
          </div>
          <p className="mt-1 line-clamp-2 text-sm text-slate-700">{report.description}</p>
          {reporters && report.reportedByUserId ? <p className="mt-1 text-xs text-slate-600">Filed by {reporters.get(report.reportedByUserId) ?? 'a former member'}</p> : null}
        </li>
      ))}
    </ul>
  );
}
