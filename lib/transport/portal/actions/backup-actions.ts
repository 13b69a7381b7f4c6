'use server';

import { z } from 'zod';
import { requestBackup } from '@/lib/privacy/backups/request-backup';
import { formAction } from '../portal-action';

export const createBackupAction = formAction(
  { role: 'ADMIN', input: z.object({}), fields: () => ({}), revalidate: ['/admin/backup'] },
  async ({ tx, ctx }) => {
    await requestBackup(tx, ctx);
    return { message: 'Backup requested. It will be ready to download in a moment.' };
  },
);
