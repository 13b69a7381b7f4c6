import { LocalDateTime } from '@/components/portal/local-date-time';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import type { RetentionRunDto } from '@/lib/privacy/retention/schemas';
import { RetentionCounts } from './retention-counts';

const statusWords: Record<RetentionRunDto['status'], { label: string; tone: BadgeTone }> = {
  running: { label: 'Running', tone: 'info' },
  succeeded: { label: 'Succeeded', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

function kindOfRun(run: RetentionRunDto): string {
  const how = run.trigger === 'schedule' ? 'Nightly run' : 'Manual run';
  return run.dryRun ? `${how}, preview only` : how;
}

// The stored error is for whoever runs the platform; an interrupted process is the one failure a reader can act on.
function failureWords(error: string): string {
  return error.startsWith('Interrupted')
    ? 'The run was interrupted before it finished. What it removed until then is listed; the next run carries on.'
    : 'The run stopped because of an error. What it removed until then is listed; the next run tries again.';
}

/** The recorded runs, newest first: when (in the reader's time zone), what kind of run, status, and what it removed (or would have). */
export function RetentionRunList({ runs }: { runs: RetentionRunDto[] }) {
  if (runs.length === 0) {
    return <EmptyState title="No retention runs yet" description="The nightly run records itself here; so do previews and manual runs." />;
  }
  const records = (run: RetentionRunDto) => (
    <>
      {run.status === 'running' ? <span className="text-slate-600">Working…</span> : <RetentionCounts run={run} />}
      {run.error ? <p className="mt-1 text-red-800">{failureWords(run.error)}</p> : null}
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
            <p className="text-slate-600">
              <LocalDateTime value={run.startedAt} />
            </p>
            <div>{records(run)}</div>
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <Table aria-label="Retention runs">
          <THead>
            <TR>
              <TH>Started</TH>
              <TH>Run</TH>
              <TH>Status</TH>
              <TH>Records</TH>
            </TR>
          </THead>
          <TBody>
            {runs.map((run) => (
              <TR key={run.id}>
                <TD className="whitespace-nowrap">
                  <LocalDateTime value={run.startedAt} />
                </TD>
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
