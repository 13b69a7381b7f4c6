import { ConflictError, DomainError } from '@/lib/platform/core/errors';

export type InvalidReason = 'not_a_backup' | 'damaged' | 'too_old';

const invalidWords: Record<InvalidReason, string> = {
  not_a_backup: 'This file is not a Quartermaster backup. Choose a file downloaded from the backup page.',
  damaged: 'This backup file is damaged or incomplete. Download it again and retry.',
  too_old: 'This backup was made before backups could be restored. Make a new backup of the organisation and restore that one.',
};

export const backupFileInvalid = (reason: InvalidReason) => new DomainError('unprocessable', 'BACKUP_FILE_INVALID', invalidWords[reason], { reason });

export const backupFromAnotherDeployment = () =>
  new DomainError(
    'unprocessable',
    'BACKUP_FROM_ANOTHER_DEPLOYMENT',
    'This backup was made by another Quartermaster installation, whose keys this one does not hold. It can only be restored where it was made.',
  );

export const backupFromNewerVersion = (fileSchemaVersion: number, schemaVersion: number) =>
  new DomainError('unprocessable', 'BACKUP_FROM_NEWER_VERSION', 'This backup was made by a newer version of Quartermaster. Restore it once this installation has been updated.', {
    fileSchemaVersion,
    schemaVersion,
  });

export const restoreTargetNotEmpty = (tables: string[]) =>
  new ConflictError(
    'RESTORE_TARGET_NOT_EMPTY',
    'A backup can only be restored into an empty organisation, and this one already holds records beyond your own account. Ask for a new organisation and restore the backup there.',
    { tables },
  );
