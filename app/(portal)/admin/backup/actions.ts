'use server';

import { revalidatePath } from 'next/cache';
import { requestBackup } from '@/lib/backups/request-backup';
import { type ActionResult, portalActionError, requirePortalContext, withPortalTransaction } from '../../portal-context';

export async function createBackupAction(_previous: ActionResult | null, _form: FormData): Promise<ActionResult> {
  try {
    const portal = await requirePortalContext('ADMIN');
    await withPortalTransaction(portal, (tx, ctx) => requestBackup(tx, ctx));
  } catch (error) {
    return portalActionError(error);
  }
  revalidatePath('/admin/backup');
  return { ok: true, message: 'Backup requested. It will be ready to download in a moment.' };
}
