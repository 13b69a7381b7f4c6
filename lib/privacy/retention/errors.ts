import { ConflictError, NotFoundError } from '@/lib/platform/core/errors';

export const retentionRunNotFound = (id: string) => new NotFoundError('RETENTION_RUN_NOT_FOUND', 'The retention run does not exist.', { id });

export const retentionRunInProgress = (runId: string) => new ConflictError('RETENTION_RUN_IN_PROGRESS', 'A retention run is already in progress for this organisation.', { runId });
