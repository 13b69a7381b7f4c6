'use server';

import { z } from 'zod';
import { getFieldEncryption } from '@/lib/platform/crypto/field-encryption';
import { requestBackup } from '@/lib/privacy/backups/request-backup';
import { restoreBackup } from '@/lib/privacy/backups/restore-backup';
import { configuredPrivacy } from '@/lib/privacy/retention/anonymise-persons';
import { formAction } from '../portal-action';

export const createBackupAction = formAction(
  { role: 'ADMIN', input: z.object({}), fields: () => ({}), revalidate: ['/admin/backup'] },
  async ({ tx, ctx }) => {
    await requestBackup(tx, ctx);
    return { message: 'Backup requested. It will be ready to download in a moment.' };
  },
);

const RestoreBackupInput = z.object({ file: z.instanceof(Uint8Array, { message: 'Choose the backup file to restore.' }) });

async function fileOf(form: FormData): Promise<Uint8Array | null> {
  const file = form.get('file');
  return file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
}

export const restoreBackupAction = formAction(
  { role: 'ADMIN', input: RestoreBackupInput, fields: async (form) => ({ file: await fileOf(form) }), revalidate: [{ path: '/', type: 'layout' }], errorFields: { BACKUP_FILE_INVALID: 'file', BACKUP_FROM_ANOTHER_DEPLOYMENT: 'file', BACKUP_FROM_NEWER_VERSION: 'file' } },
  async ({ tx, ctx, input }) => {
    const result = await restoreBackup(tx, ctx, Buffer.from(input.file), { encryption: getFieldEncryption(), ...(await configuredPrivacy()) });
    const people = (result.rowCounts.persons ?? 0) === 1 ? '1 person' : `${result.rowCounts.persons ?? 0} people`;
    const erased = result.erasedSubjects === 0 ? '' : result.erasedSubjects === 1 ? ' One person the deletion ledger lists was erased again.' : ` ${result.erasedSubjects} people the deletion ledger lists were erased again.`;
    return { message: `The backup of ${result.sourceOrganisation.name} is restored, with ${people} and ${result.rowCounts.assets ?? 0} assets.${erased}` };
  },
);
