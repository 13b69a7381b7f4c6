import { Badge, type BadgeTone } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { formatBackupSize } from '@/components/backups/format-backup';
import { LocalDateTime } from '@/components/portal/local-date-time';
import { formatDate } from '@/lib/platform/format/dates';
import type { DataExport } from '@/lib/privacy/data-export/schemas';

const statuses: Record<DataExport['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Queued', tone: 'info' },
  running: { label: 'Being prepared', tone: 'warning' },
  ready: { label: 'Link e-mailed', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  expired: { label: 'Link expired', tone: 'neutral' },
};

const formats: Record<DataExport['format'], string> = { pdf: 'PDF report', json: 'JSON file' };

function Progress({ progress }: { progress: DataExport['progress'] }) {
  const percent = progress.total ? Math.min(100, Math.round((progress.done / progress.total) * 100)) : 0;
  const label = progress.total === null ? 'Counting your records…' : `${progress.done.toLocaleString('en-GB')} of ${progress.total.toLocaleString('en-GB')} records`;
  return (
    <div className="mt-2 max-w-sm">
      <div
        role="progressbar"
        aria-label="Export progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={label}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-600">{label}</p>
    </div>
  );
}

/** What the person can do next with this export, in one sentence. */
function nextStep(item: DataExport): string | null {
  switch (item.status) {
    case 'pending':
    case 'running':
      return 'We will e-mail you a download link when it is ready. This page updates by itself.';
    case 'ready':
      return item.downloadedAt
        ? `Downloaded on ${formatDate(item.downloadedAt)}. The file was deleted from our servers then; request a new export to download again.`
        : `Check your e-mail for the download link. It works once, until ${formatDate(item.linkExpiresAt)}.`;
    case 'expired':
      return 'The link was not used in time and the file was deleted. Request a new export.';
    case 'failed':
      return item.error ?? 'The export could not be prepared. Please request a new one.';
  }
}

export function ExportList({ exports }: { exports: DataExport[] }) {
  if (exports.length === 0) {
    return <EmptyState title="No exports yet" description="Request one above; the link arrives by e-mail within minutes." />;
  }
  return (
    <ul className="divide-y divide-slate-100">
      {exports.map((item) => (
        <li key={item.id} data-export-id={item.id} data-status={item.status} className="px-5 py-4">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-medium text-slate-900">{formats[item.format]}</span>
            {item.status === 'ready' && item.downloadedAt ? <Badge tone="neutral">Downloaded</Badge> : <Badge tone={statuses[item.status].tone}>{statuses[item.status].label}</Badge>}
            <span className="text-sm text-slate-600">Requested <LocalDateTime value={item.createdAt} /></span>
            {item.sizeBytes !== null && item.status === 'ready' && !item.downloadedAt ? <span className="text-sm text-slate-600">· {formatBackupSize(item.sizeBytes)}</span> : null}
          </div>
          {item.status === 'pending' || item.status === 'running' ? <Progress progress={item.progress} /> : null}
          <p className={item.status === 'failed' ? 'mt-1 text-sm text-red-700' : 'mt-1 text-sm text-slate-600'}>{nextStep(item)}</p>
        </li>
      ))}
    </ul>
  );
}
