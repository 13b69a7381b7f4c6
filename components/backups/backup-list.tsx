import { EmptyState } from '@/components/ui/empty-state';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import type { Backup } from '@/lib/privacy/backups/schemas';
import { BackupStatusBadge } from './backup-status-badge';
import { formatDateTime } from '@/lib/platform/format/dates';
import { formatBackupSize } from './format-backup';

const linkClass = 'font-medium text-brand underline-offset-2 hover:underline focus-visible:underline';

function DownloadLink({ backup }: { backup: Backup }) {
  if (backup.status !== 'READY') return <span className="text-slate-400">—</span>;
  return (
    <a href={`/admin/backup/${backup.id}/download`} className={linkClass} aria-label={`Download backup of ${formatDateTime(backup.createdAt)}`}>
      Download
    </a>
  );
}

/** A table from the small breakpoint up, a stacked list on a phone, where five columns do not fit. */
export function BackupList({ backups }: { backups: Backup[] }) {
  if (backups.length === 0) {
    return <EmptyState title="No backups yet" description="Create the first one above; it is ready to download within moments." />;
  }
  return (
    <>
      <div className="hidden sm:block">
        <Table>
          <THead>
            <TR>
              <TH>Status</TH>
              <TH>Requested</TH>
              <TH>Requested by</TH>
              <TH>Completed</TH>
              <TH className="text-right">Size</TH>
              <TH>
                <span className="sr-only">File</span>
              </TH>
            </TR>
          </THead>
          <TBody>
            {backups.map((backup) => (
              <TR key={backup.id} data-backup-id={backup.id}>
                <TD>
                  <BackupStatusBadge status={backup.status} />
                  {backup.error ? <p className="mt-1 max-w-xs text-xs text-red-700">{backup.error}</p> : null}
                </TD>
                <TD className="whitespace-nowrap">{formatDateTime(backup.createdAt)}</TD>
                <TD>{backup.requestedBy.name}</TD>
                <TD className="whitespace-nowrap">{formatDateTime(backup.completedAt)}</TD>
                <TD className="whitespace-nowrap text-right tabular-nums">{formatBackupSize(backup.sizeBytes)}</TD>
                <TD className="text-right">
                  <DownloadLink backup={backup} />
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </div>
      <ul className="divide-y divide-slate-100 sm:hidden">
        {backups.map((backup) => (
          <li key={backup.id} data-backup-id={backup.id} className="flex items-start justify-between gap-3 px-5 py-3">
            <div className="min-w-0 space-y-1 text-sm">
              <BackupStatusBadge status={backup.status} />
              <p className="text-slate-900">{formatDateTime(backup.createdAt)}</p>
              <p className="text-slate-600">
                {backup.requestedBy.name} · {formatBackupSize(backup.sizeBytes)}
              </p>
              {backup.error ? <p className="text-xs text-red-700">{backup.error}</p> : null}
            </div>
            <DownloadLink backup={backup} />
          </li>
        ))}
      </ul>
    </>
  );
}
