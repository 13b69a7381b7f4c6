import { Badge, type BadgeTone } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { formatDateTime } from '@/lib/platform/format/dates';
import type { RetentionRunDto } from '@/lib/privacy/retention/schemas';
import { RetentionCounts } from './retention-counts';

const statusWords: Record<RetentionRunDto['status'], { label: string; tone: BadgeTone }> = {
  running: { label: 'Running', tone: 'info' },
  succeeded: { label: 'Succeeded', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

function kindOfRun(run: RetentionRunDto): string {
  const how = run.trigger === 'schedule' ? 'Daily run' : 'Manual run';
  return run.dryRun ? `${how}, preview only` : how;
}

/** The recorded runs, newest first: when, what kind of run, status, and what it removed (or would have). */
export function RetentionRunList({ runs, labels }: { runs: RetentionRunDto[]; labels: Record<string, string> }) {
  if (runs.length === 0) {
    return <EmptyState title="No retention runs yet" description="The daily run at 02:00 UTC records itself here; so do previews and manual runs." />;
  }
  const records = (run: RetentionRunDto) => (
    <>
      {run.status === 'running' ? <span className="text-slate-500">Working…</span> : <RetentionCounts run={run} labels={labels} />}
      {run.error ? <p className="mt-1 text-red-800">Failed: {run.error}</p> : null}
    </>
  );
  return (
    <>
      <ul className="divide-y divide-slate-100 sm:hidden" aria-label="Retention runs">
        {runs.map((run) => (
          <li key={run.id} className="space-y-1 px-5 py-3 text-sm">
            <div className="flex items-center justify-between gap-3">
              <span className="font-medium text-slate-900">{kindOfRun(run)}</span>
              <Badge tone={statusWords[run.status].tone}>{statusWords[run.status].label}</Badge>
            </div>
            <p className="text-slate-600">{formatDateTime(run.startedAt)} UTC</p>
            <div>{records(run)}</div>
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <Table aria-label="Retention runs">
          <THead>
            <TR>
              <TH>Started (UTC)</TH>
              <TH>Run</TH>
              <TH>Status</TH>
              <TH>Records</TH>
            </TR>
          </THead>
          <TBody>
            {runs.map((run) => (
              <TR key={run.id}>
                <TD className="whitespace-nowrap">{formatDateTime(run.startedAt)}</TD>
                <TD>{kindOfRun(run)}</TD>
                <TD>
                  <Badge tone={statusWords[run.status].tone}>{statusWords[run.status].label}</Badge>
                </TD>
                <TD className="text-sm">{records(run)}</TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </div>
    </>
  );
}
