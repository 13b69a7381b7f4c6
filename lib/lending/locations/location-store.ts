import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { locations } from '@/db/schema';
import { ConflictError, NotFoundError } from '@/lib/platform/core/errors';
import type { Location } from './schemas';

export const locationColumns = {
  id: locations.id,
  name: locations.name,
  description: locations.description,
  address: locations.address,
  createdAt: locations.createdAt,
  updatedAt: locations.updatedAt,
};
export const auditedLocationFields = ['name', 'description', 'address'] as const;

type LocationRow = { id: string; name: string; description: string | null; address: string | null; createdAt: Date; updatedAt: Date };

export function toLocationDto(row: LocationRow): Location {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    address: row.address,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function locationNotFound(locationId: string, organisationId: string): NotFoundError {
  return new NotFoundError('LOCATION_NOT_FOUND', 'The location does not exist.', { locationId, organisationId });
}

export function locationNameConflict(name: string): ConflictError {
  return new ConflictError('LOCATION_NAME_CONFLICT', 'Another location already has this name.', { name });
}

export async function findLocationRow(tx: Executor, organisationId: string, locationId: string, forUpdate = false) {
  const query = tx.select(locationColumns).from(locations).where(and(eq(locations.organisationId, organisationId), eq(locations.id, locationId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw locationNotFound(locationId, organisationId);
  return row;
}
