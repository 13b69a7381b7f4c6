import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { locations } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { sqlState } from '@/lib/platform/db/sql-state';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import { auditedLocationFields, locationColumns, locationNameConflict, findLocationRow, toLocationDto } from './location-store';
import type { Location, UpdateLocationBody } from './schemas';

export async function updateLocation(tx: Tx, ctx: RequestContext, locationId: string, input: UpdateLocationBody): Promise<Location> {
  const before = await findLocationRow(tx, ctx.organisationId, locationId, true);
  if (input.name) {
    const [taken] = await tx
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.organisationId, ctx.organisationId), sql`lower(${locations.name}) = lower(${input.name})`, ne(locations.id, locationId)));
    if (taken) throw locationNameConflict(input.name);
  }
  const [after] = await tx
    .update(locations)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(locations.organisationId, ctx.organisationId), eq(locations.id, locationId)))
    .returning(locationColumns)
    .catch((error: unknown) => {
      // A concurrent transaction can take the name between the check above and this write; the unique index decides.
      if (input.name && sqlState(error) === '23505') throw locationNameConflict(input.name);
      throw error;
    });
  const changes = diffChanges(before, after!, auditedLocationFields);
  if (Object.keys(changes).length > 0) {
    await recordAudit(tx, ctx, { action: 'LOCATION_UPDATED', targetType: 'LOCATION', targetId: locationId, changes });
  }
  return toLocationDto(after!);
}
