import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { backups } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { dispatchEvent } from '@/lib/platform/jobs/dispatch-event';
import { backupInProgress, findBackupRow, toBackupDto } from './backup-store';
import type { Backup } from './schemas';

export const BACKUP_REQUESTED_EVENT = 'quartermaster/backup.requested';

// Far longer than any export takes (100,000 assets take seconds): a RUNNING backup this old lost its runner.
export const STALE_BACKUP_MS = 60 * 60 * 1000;
export const BACKUP_INTERRUPTED_MESSAGE = 'The backup was interrupted before it finished. Please request a new one.';

/**
 * A runner that died mid-export cannot record its failure, and its RUNNING row would block every later request
 * of the tenant; the next request settles it as FAILED. A late runner cannot revive it: completion only
 * updates RUNNING rows.
 */
async function failStaleBackups(tx: Tx, ctx: RequestContext): Promise<void> {
  const stale = await tx
    .update(backups)
    .set({ status: 'FAILED', error: BACKUP_INTERRUPTED_MESSAGE, completedAt: ctx.now })
    .where(and(eq(backups.organisationId, ctx.organisationId), eq(backups.status, 'RUNNING'), lt(backups.createdAt, new Date(ctx.now.getTime() - STALE_BACKUP_MS))))
    .returning({ id: backups.id });
  for (const { id } of stale) {
    await recordAudit(tx, ctx, { action: 'BACKUP_FAILED', targetType: 'BACKUP', targetId: id, changes: { status: { before: 'RUNNING', after: 'FAILED' } }, metadata: { reason: 'interrupted' } });
  }
}

/**
 * Queues a backup of the caller's organisation for the create-backup job. The job is told only after the
 * commit, so it never looks for a row it cannot see yet; the cron sweep covers a lost event.
 */
export async function requestBackup(tx: Tx, ctx: RequestContext): Promise<Backup> {
  await failStaleBackups(tx, ctx);
  // backups_org_in_progress_key admits one PENDING or RUNNING backup per tenant, also under concurrent requests.
  const [inserted] = await tx
    .insert(backups)
    .values({ organisationId: ctx.organisationId, requestedByUserId: ctx.user.id, status: 'PENDING', createdAt: ctx.now })
    .onConflictDoNothing({ target: backups.organisationId, where: sql`status in ('PENDING', 'RUNNING')` })
    .returning({ id: backups.id });
  if (!inserted) {
    const [running] = await tx
      .select({ id: backups.id })
      .from(backups)
      .where(and(eq(backups.organisationId, ctx.organisationId), inArray(backups.status, ['PENDING', 'RUNNING'])));
    throw backupInProgress(running?.id ?? null);
  }
  await recordAudit(tx, ctx, { action: 'BACKUP_REQUESTED', targetType: 'BACKUP', targetId: inserted.id, changes: { status: { before: null, after: 'PENDING' } } });
  ctx.afterCommit(() => dispatchEvent(BACKUP_REQUESTED_EVENT));
  return toBackupDto(await findBackupRow(tx, ctx.organisationId, inserted.id));
}
