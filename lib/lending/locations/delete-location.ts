import { and, count, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { assets, locations } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { ConflictError } from '@/lib/platform/core/errors';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import { auditedLocationFields, findLocationRow } from './location-store';

/** Only an unreferenced location can go; the row lock makes a concurrent asset insert wait or fail its FK. */
export async function deleteLocation(tx: Tx, ctx: RequestContext, locationId: string): Promise<void> {
  const before = await findLocationRow(tx, ctx.organisationId, locationId, true);
  const [usage] = await tx
    .select({ assets: count() })
    .from(assets)
    .where(and(eq(assets.organisationId, ctx.organisationId), eq(assets.locationId, locationId)));
  if (usage && usage.assets > 0) {
    throw new ConflictError('LOCATION_IN_USE', 'The location is used by assets and cannot be deleted.', { locationId, assetCount: usage.assets });
  }
  await tx.delete(locations).where(and(eq(locations.organisationId, ctx.organisationId), eq(locations.id, locationId)));
  await recordAudit(tx, ctx, {
    action: 'LOCATION_DELETED',
    targetType: 'LOCATION',
    targetId: locationId,
    changes: diffChanges(before, null, auditedLocationFields),
  });
}
