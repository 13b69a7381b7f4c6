import { z } from 'zod';
import { pageSchema } from '@/lib/platform/pagination';
import { BACKUPS_KEPT } from '@/lib/privacy/backups/expire-backups';
import { Backup as BackupSchema, BackupIdParams, ListBackupsQuery, MAX_BACKUP_FILE_BYTES, RestoreResult as RestoreResultSchema } from '@/lib/privacy/backups/schemas';
import { defineOperation } from '../operation';
import { named } from '../named';

const tag = 'Backups';

const Backup = named('Backup', BackupSchema, { description: "A backup of the organisation's data; the file itself is served by the download operation." });
const BackupPage = named('BackupPage', pageSchema(Backup), { description: 'One page of backups, newest first.' });
const BackupFile = named('BackupFile', z.string(), {
  format: 'binary',
  description:
    'Gzipped JSON: `{ "manifest": { formatVersion, schemaVersion, organisation: { id, slug, name }, createdAt, rowCounts, seal, sealedManifest }, "tables": { <table>: [sealed batch, …] } }`. Every table of the organisation is in it (docs/privacy/tenant-backups.md lists them and what is left out), each batch of rows sealed under a key wrapped by the deployment\'s master key: only a restore into this deployment reads it.',
});
const RestoreResult = named('RestoreResult', RestoreResultSchema, { description: 'What a restore brought into the organisation.' });

export const listBackups = defineOperation({
  method: 'get',
  path: '/v1/backups',
  operationId: 'listBackups',
  summary: 'List backups',
  tag,
  role: 'ADMIN',
  query: ListBackupsQuery,
  success: { status: 200, description: 'One page of backups.', schema: BackupPage },
});

export const requestBackup = defineOperation({
  method: 'post',
  path: '/v1/backups',
  operationId: 'requestBackup',
  summary: 'Request a backup',
  description: `Queues a backup of the organisation's data; a background job makes it, usually within seconds. Poll the backup (Location) until its status is READY, then download it. One backup can be in progress at a time. The newest ${BACKUPS_KEPT} READY backups are kept; older ones become EXPIRED. Records BACKUP_REQUESTED.`,
  tag,
  role: 'ADMIN',
  success: { status: 202, description: 'The backup, PENDING; Location points to it.', schema: Backup },
  errors: ['BACKUP_IN_PROGRESS'],
});

export const getBackup = defineOperation({
  method: 'get',
  path: '/v1/backups/{id}',
  operationId: 'getBackup',
  summary: 'Get a backup',
  description: 'Status, size and times of one backup.',
  tag,
  role: 'ADMIN',
  params: BackupIdParams,
  success: { status: 200, description: 'The backup.', schema: Backup },
  errors: ['BACKUP_NOT_FOUND'],
});

export const downloadBackup = defineOperation({
  method: 'get',
  path: '/v1/backups/{id}/download',
  operationId: 'downloadBackup',
  summary: 'Download a backup',
  description: 'The file of a READY backup, as an attachment named `quartermaster-<slug>-<timestamp>.json.gz`. Records BACKUP_DOWNLOADED.',
  tag,
  role: 'ADMIN',
  params: BackupIdParams,
  success: {
    status: 200,
    description: 'The gzipped JSON file.',
    schema: BackupFile,
    mediaType: 'application/gzip',
    headers: { 'Content-Disposition': { description: 'attachment; filename="quartermaster-<slug>-<timestamp>.json.gz"', schema: { type: 'string' } } },
  },
  errors: ['BACKUP_NOT_FOUND', 'BACKUP_NOT_READY'],
});

export const restoreBackup = defineOperation({
  method: 'post',
  path: '/v1/restores',
  operationId: 'restoreBackup',
  summary: 'Restore a backup into this organisation',
  description:
    "Restores a backup file downloaded from this deployment into the caller's organisation, which must be empty: no people or accounts but the caller's own, no assets, loans or records. All of it or nothing, in one transaction. Every id is new, encrypted fields are encrypted again under this organisation's keys, the organisation takes the backup's settings (not its name, address or plan), and everyone the deletion ledger lists for the backup's organisation is erased again. Records BACKUP_RESTORED.",
  tag,
  role: 'ADMIN',
  upload: { mediaTypes: ['application/gzip', 'application/octet-stream'], maxBytes: MAX_BACKUP_FILE_BYTES, description: 'The backup file, as downloaded (`quartermaster-<slug>-<timestamp>.json.gz`).' },
  success: { status: 200, description: 'The restore is done.', schema: RestoreResult },
  errors: ['BACKUP_FILE_INVALID', 'BACKUP_FROM_ANOTHER_DEPLOYMENT', 'BACKUP_FROM_NEWER_VERSION', 'RESTORE_TARGET_NOT_EMPTY'],
});
