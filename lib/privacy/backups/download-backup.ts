import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { backups } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { backupNotFound, backupNotReady } from './backup-store';

export type BackupFile = { filename: string; contentType: 'application/gzip'; content: Buffer };

/** 2026-03-14T09:26:53.589Z -> 20260314T092653Z */
function fileTimestamp(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
}

/** The file of a READY backup; each download is audited, because the file holds the whole tenant's data. */
export async function downloadBackup(tx: Tx, ctx: Pick<RequestContext, 'organisationId' | 'organisation' | 'requestId'> & { user: { id: string } }, backupId: string): Promise<BackupFile> {
  const [row] = await tx
    .select({ status: backups.status, createdAt: backups.createdAt, sizeBytes: backups.sizeBytes, content: backups.content })
    .from(backups)
    .where(and(eq(backups.organisationId, ctx.organisationId), eq(backups.id, backupId)));
  if (!row) throw backupNotFound(backupId, ctx.organisationId);
  if (row.status !== 'READY' || !row.content) throw backupNotReady(backupId, row.status);
  await recordAudit(tx, ctx, { action: 'BACKUP_DOWNLOADED', targetType: 'BACKUP', targetId: backupId, metadata: { sizeBytes: row.sizeBytes } });
  return { filename: `quartermaster-${ctx.organisation.slug}-${fileTimestamp(row.createdAt)}.json.gz`, contentType: 'application/gzip', content: row.content };
}
