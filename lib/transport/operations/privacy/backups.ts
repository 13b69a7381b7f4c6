import { z } from 'zod';
import { pageSchema } from '@/lib/platform/pagination';
import { BACKUPS_KEPT } from '@/lib/privacy/backups/expire-backups';
import { Backup as BackupSchema, BackupIdParams, ListBackupsQuery } from '@/lib/privacy/backups/schemas';
import { defineOperation } from '../operation';
import { named } from '../named';

const tag = 'Backups';

const Backup = named('Backup', BackupSchema, { description: "A backup of the organisation's data; the file itself is served by the download operation." });
const BackupPage = named('BackupPage', pageSchema(Backup), { description: 'One page of backups, newest first.' });
const BackupFile = named('BackupFile', z.string(), {
  format: 'binary',
  description:
    'Gzipped JSON: `{ "manifest": { formatVersion, organisation: { id, slug, name }, createdAt, rowCounts }, "tables": { organisations, persons, users, categories, locations, assets, loans, asset_maintenance, asset_photos (content base64), notifications, announcements, invitations, audit_log } }`, each table an array of rows.',
});

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
