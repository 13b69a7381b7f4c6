import type { Tx } from '@/db/client';
import { assetMaintenance } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import { findAssetRow } from '@/lib/lending/assets/get-asset';
import { auditedMaintenanceFields, maintenanceColumns, toMaintenanceDto } from './maintenance-columns';
import type { CreateMaintenanceBody, MaintenanceEntry } from './schemas';

export async function addMaintenance(tx: Tx, ctx: RequestContext, assetId: string, input: CreateMaintenanceBody): Promise<MaintenanceEntry> {
  await findAssetRow(tx, ctx, assetId);
  const [row] = await tx
    .insert(assetMaintenance)
    .values({ ...input, organisationId: ctx.organisationId, assetId, createdByUserId: ctx.user.id })
    .returning(maintenanceColumns);
  await recordAudit(tx, ctx, {
    action: 'MAINTENANCE_ADDED',
    targetType: 'MAINTENANCE',
    targetId: row!.id,
    assetId,
    changes: diffChanges(null, row!, auditedMaintenanceFields),
  });
  return toMaintenanceDto(row!);
}
