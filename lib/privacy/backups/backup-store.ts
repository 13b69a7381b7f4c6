import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { backups, persons, users } from '@/db/schema';
import { ConflictError, NotFoundError } from '@/lib/platform/core/errors';
import type { Backup, BackupStatus } from './schemas';

export const backupNotFound = (backupId: string, organisationId: string) =>
  new NotFoundError('BACKUP_NOT_FOUND', 'The backup does not exist.', { backupId, organisationId });

const notReadyWords: Record<string, string> = {
  PENDING: 'has not been started yet',
  RUNNING: 'is still being made',
  FAILED: 'failed',
  EXPIRED: 'has expired',
};

export const backupNotReady = (backupId: string, status: string) =>
  new ConflictError('BACKUP_NOT_READY', `The backup ${notReadyWords[status] ?? 'is not ready'}, so it cannot be downloaded.`, { backupId, status });

export const backupInProgress = (backupId: string | null) =>
  new ConflictError('BACKUP_IN_PROGRESS', 'A backup is already being made. Wait until it is ready, then request another.', { backupId });

/** Every column but the content: lists and details never carry the file. */
export const backupColumns = {
  id: backups.id,
  status: backups.status,
  requestedByUserId: backups.requestedByUserId,
  requestedByName: sql<string>`${persons.firstName} || ' ' || ${persons.lastName}`,
  createdAt: backups.createdAt,
  completedAt: backups.completedAt,
  sizeBytes: backups.sizeBytes,
  error: backups.error,
};

export type BackupRow = {
  id: string;
  status: BackupStatus;
  requestedByUserId: string;
  requestedByName: string;
  createdAt: Date;
  completedAt: Date | null;
  sizeBytes: number | null;
  error: string | null;
};

export const requesterJoin = and(eq(users.organisationId, backups.organisationId), eq(users.id, backups.requestedByUserId));
export const requesterPersonJoin = and(eq(persons.organisationId, users.organisationId), eq(persons.id, users.personId));

export function toBackupDto(row: BackupRow): Backup {
  return {
    id: row.id,
    status: row.status,
    requestedBy: { userId: row.requestedByUserId, name: row.requestedByName },
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes,
    error: row.error,
  };
}

export async function findBackupRow(tx: Tx, organisationId: string, backupId: string): Promise<BackupRow> {
  const [row] = await tx
    .select(backupColumns)
    .from(backups)
    .innerJoin(users, requesterJoin)
    .innerJoin(persons, requesterPersonJoin)
    .where(and(eq(backups.organisationId, organisationId), eq(backups.id, backupId)));
  if (!row) throw backupNotFound(backupId, organisationId);
  return row;
}
