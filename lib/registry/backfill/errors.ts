import { ConflictError, DomainError, NotFoundError } from '@/lib/platform/core/errors';

export const registrySyncOff = () =>
  new DomainError('unavailable', 'REGISTRY_SYNC_OFF', 'Registry synchronisation is not configured on this platform (phase 0: REGISTRY_URL is unset), so there is nothing to backfill from.');
export const registryUnavailable = () => new DomainError('unavailable', 'REGISTRY_UNAVAILABLE', 'The sports registry could not be reached; try again later.');
export const mismatchNotFound = (id: string) => new NotFoundError('REGISTRY_MISMATCH_NOT_FOUND', 'The registry mismatch does not exist.', { id });
export const mismatchResolved = (id: string, status: string) => new ConflictError('REGISTRY_MISMATCH_RESOLVED', `The registry mismatch was already ${status}.`, { id, status });
