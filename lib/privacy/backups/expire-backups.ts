import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { backups } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { recordAudit } from '@/lib/platform/audit/record-audit';

/** How many READY backups a tenant keeps; older ones lose their file and show as EXPIRED. */
export const BACKUPS_KEPT = 10;

/** Drops the file of every READY backup but the newest ten, keeping the record (and its audit trail). */
export async function expireBackups(tx: Tx, ctx: Pick<RequestContext, 'organisationId' | 'requestId'> & { user: { id: string } | null }): Promise<number> {
  const ready = and(eq(backups.organisationId, ctx.organisationId), eq(backups.status, 'READY'));
  const kept = tx.select({ id: backups.id }).from(backups).where(ready).orderBy(desc(backups.createdAt), desc(backups.id)).limit(BACKUPS_KEPT);
  const expired = await tx
    .update(backups)
    .set({ status: 'EXPIRED', content: null })
    .where(and(ready, notInArray(backups.id, kept)))
    .returning({ id: backups.id });
  for (const { id } of expired) {
    await recordAudit(tx, ctx, { action: 'BACKUP_EXPIRED', targetType: 'BACKUP', targetId: id, changes: { status: { before: 'READY', after: 'EXPIRED' } }, metadata: { kept: BACKUPS_KEPT } });
  }
  return expired.length;
}
