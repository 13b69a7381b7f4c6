import { NotFoundError } from '@/lib/platform/core/errors';

export function maintenanceEntryNotFound(entryId: string): NotFoundError {
  return new NotFoundError('MAINTENANCE_ENTRY_NOT_FOUND', 'The maintenance entry does not exist.', { entryId });
}
