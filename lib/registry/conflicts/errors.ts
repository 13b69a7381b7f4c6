import { ConflictError, DomainError, NotFoundError } from '@/lib/platform/core/errors';

export const syncConflictNotFound = (id: string) => new NotFoundError('REGISTRY_CONFLICT_NOT_FOUND', 'The sync conflict does not exist.', { id });
export const syncConflictResolved = (id: string) => new ConflictError('REGISTRY_CONFLICT_RESOLVED', 'The sync conflict was already resolved.', { id });
export const syncConflictValueHidden = (id: string) =>
  new DomainError('unprocessable', 'CONFLICT_VALUE_HIDDEN', 'The national identifier’s local value is never stored with a conflict, so it cannot be proposed again from here: the person proposes it again from their profile.', { id });
export const registrySyncOff = () => new DomainError('unavailable', 'REGISTRY_SYNC_OFF', 'Registry synchronisation is not configured on this platform (phase 0: REGISTRY_URL is unset), so there is no registry to propose to.');
