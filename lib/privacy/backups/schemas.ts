import { z } from 'zod';
import { pageQuery } from '@/lib/platform/pagination';

export const BackupStatus = z.enum(['PENDING', 'RUNNING', 'READY', 'FAILED', 'EXPIRED']);
export type BackupStatus = z.infer<typeof BackupStatus>;

export const BackupIdParams = z.object({ id: z.uuid() });

export const ListBackupsQuery = z.strictObject({ ...pageQuery });
export type ListBackupsQuery = z.infer<typeof ListBackupsQuery>;

export const Backup = z.object({
  id: z.uuid(),
  status: BackupStatus.describe('PENDING and RUNNING while the job works; READY to download; FAILED; EXPIRED once past the retention of the last 10.'),
  requestedBy: z.object({ userId: z.uuid(), name: z.string() }),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
  sizeBytes: z.number().int().nullable().describe('Size of the gzipped file; null until READY.'),
  error: z.string().nullable().describe('Why the backup failed, in words meant for people.'),
});
export type Backup = z.infer<typeof Backup>;

/** Version of the file layout: { manifest, tables: { <table>: row[] } }. */
export const BACKUP_FORMAT_VERSION = 1;
