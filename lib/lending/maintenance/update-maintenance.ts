import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { assetMaintenance } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { ValidationError } from '@/lib/platform/core/errors';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import { findAssetRow } from '@/lib/lending/assets/get-asset';
import { maintenanceEntryNotFound } from './errors';
import { auditedMaintenanceFields, maintenanceColumns, toMaintenanceDto } from './maintenance-columns';
import type { MaintenanceEntry, UpdateMaintenanceBody } from './schemas';

export async function updateMaintenance(tx: Tx, ctx: RequestContext, assetId: string, entryId: string, input: UpdateMaintenanceBody): Promise<MaintenanceEntry> {
  await findAssetRow(tx, ctx, assetId);
  const scope = and(eq(assetMaintenance.organisationId, ctx.organisationId), eq(assetMaintenance.assetId, assetId), eq(assetMaintenance.id, entryId));
  const [before] = await tx.select(maintenanceColumns).from(assetMaintenance).where(scope).for('update');
  if (!before) throw maintenanceEntryNotFound(entryId);
  const merged = { ...before, ...input };
  // The same rule as on creation, applied to the entry as it will be stored.
  if (merged.status === 'DONE' && !merged.performedOn) {
    throw new ValidationError('Say when the work was done.', { issues: [{ path: 'performedOn', code: 'custom', message: 'Say when the work was done.' }] });
  }
  const [after] = await tx
    .update(assetMaintenance)
    .set({ ...input, updatedAt: ctx.now })
    .where(scope)
    .returning(maintenanceColumns);
  const changes = diffChanges(before, after!, auditedMaintenanceFields);
  if (Object.keys(changes).length > 0) {
    await recordAudit(tx, ctx, { action: 'MAINTENANCE_UPDATED', targetType: 'MAINTENANCE', targetId: entryId, assetId, changes });
  }
  return toMaintenanceDto(after!);
}
