import type { Tx } from '@/db/client';
import { locations } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import { auditedLocationFields, locationColumns, locationNameConflict, toLocationDto } from './location-store';
import type { Location, CreateLocationBody } from './schemas';

export async function createLocation(tx: Tx, ctx: RequestContext, input: CreateLocationBody): Promise<Location> {
  const [row] = await tx
    .insert(locations)
    .values({ ...input, organisationId: ctx.organisationId })
    .onConflictDoNothing()
    .returning(locationColumns);
  if (!row) throw locationNameConflict(input.name);
  await recordAudit(tx, ctx, {
    action: 'LOCATION_CREATED',
    targetType: 'LOCATION',
    targetId: row.id,
    changes: diffChanges(null, row, auditedLocationFields),
  });
  return toLocationDto(row);
}
