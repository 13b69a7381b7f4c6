import { BackupAutoRefresh } from '@/components/backups/backup-auto-refresh';
import { BackupList } from '@/components/backups/backup-list';
import { CreateBackupForm } from '@/components/backups/create-backup-form';
import { RestoreBackupForm } from '@/components/backups/restore-backup-form';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { BACKUPS_KEPT } from '@/lib/privacy/backups/expire-backups';
import { listBackups } from '@/lib/privacy/backups/list-backups';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { createBackupAction, restoreBackupAction } from '@/lib/transport/portal/actions/backup-actions';

export const metadata = { title: 'Backup' };

export default async function BackupPage() {
  const portal = await requirePortalContext('ADMIN');
  const { data: backups } = await withPortalTransaction(portal, (tx, ctx) => listBackups(tx, ctx, { limit: 50 }));
  const inProgress = backups.some((backup) => backup.status === 'PENDING' || backup.status === 'RUNNING');
  return (
    <>
      <PageHeader title="Backup" description={`Backups of ${portal.organisation.name}'s data, and restoring one.`} />
      <div className="space-y-6">
        <Card aria-labelledby="create-backup-heading">
          <CardHeader id="create-backup-heading" title="Create a backup" />
          <CardBody className="space-y-4">
            <p className="max-w-2xl text-sm text-slate-600">
              A backup is one file with all of your organisation&apos;s data: people and accounts, assets with their photos, loans, the club&apos;s records, requests
              and the full audit log. It is sealed with this installation&apos;s keys, so it can only be restored here and cannot be read elsewhere. The newest{' '}
              {BACKUPS_KEPT} ready backups are kept; older ones expire and can no longer be downloaded. Every download is recorded in the audit log.
            </p>
            <CreateBackupForm action={createBackupAction} inProgress={inProgress} />
          </CardBody>
        </Card>
        <Card aria-labelledby="restore-backup-heading">
          <CardHeader id="restore-backup-heading" title="Restore a backup" />
          <CardBody className="space-y-4">
            <p className="max-w-2xl text-sm text-slate-600">
              A backup can be restored into a new, empty organisation: one with no people or accounts other than yours, and no assets, loans or records. Everything in the
              backup is restored at once, or nothing is. People erased since the backup was made are erased again.
            </p>
            <RestoreBackupForm action={restoreBackupAction} />
          </CardBody>
        </Card>
        <Card aria-labelledby="backups-heading">
          <CardHeader id="backups-heading" title="Backups" description="Newest first." />
          <div className={backups.length ? '' : 'p-5'}>
            <BackupList backups={backups} />
          </div>
        </Card>
      </div>
      <BackupAutoRefresh active={inProgress} />
    </>
  );
}
