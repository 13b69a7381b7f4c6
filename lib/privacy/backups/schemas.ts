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

/**
 * Version of the file layout: `{ manifest, tables: { <table>: sealedBatch[] } }`. Version 1 held readable,
 * redacted rows and cannot be restored.
 */
export const BACKUP_FORMAT_VERSION = 2;

export const BackupManifest = z.object({
  formatVersion: z.number().int(),
  schemaVersion: z.number().int(),
  organisation: z.object({ id: z.uuid(), slug: z.string(), name: z.string() }),
  createdAt: z.iso.datetime({ offset: true }),
  rowCounts: z.record(z.string(), z.number().int().min(0)),
});
export type BackupManifest = z.infer<typeof BackupManifest>;

/**
 * The largest backup file a restore accepts: what Next.js buffers of a request body when proxy.ts runs
 * (experimental.proxyClientMaxBodySize, 10 MB by default). A larger body would reach the route cut short.
 */
export const MAX_BACKUP_FILE_BYTES = 10 * 1024 * 1024;

export const RestoreResult = z.object({
  sourceOrganisation: z.object({ name: z.string(), slug: z.string() }).describe('The organisation the backup was made of.'),
  backupCreatedAt: z.iso.datetime({ offset: true }),
  rowCounts: z.record(z.string(), z.number().int()).describe('Rows restored per table.'),
  erasedSubjects: z.number().int().describe('People of the backup erased again because the deletion ledger lists them.'),
});
export type RestoreResult = z.infer<typeof RestoreResult>;
