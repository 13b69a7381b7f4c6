import type { Tx } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import { findBackupRow, toBackupDto } from './backup-store';
import type { Backup } from './schemas';

export async function getBackup(tx: Tx, ctx: Pick<RequestContext, 'organisationId'>, backupId: string): Promise<Backup> {
  return toBackupDto(await findBackupRow(tx, ctx.organisationId, backupId));
}
