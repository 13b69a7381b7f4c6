import { ConflictError, NotFoundError } from '@/lib/core/errors';

export const syncConflictNotFound = (id: string) => new NotFoundError('REGISTRY_CONFLICT_NOT_FOUND', 'The sync conflict does not exist.', { id });
export const syncConflictResolved = (id: string) => new ConflictError('REGISTRY_CONFLICT_RESOLVED', 'The sync conflict was already resolved.', { id });
