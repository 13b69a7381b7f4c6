import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { assets } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { sqlState } from '@/lib/platform/db/sql-state';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import { assetColumns, auditedAssetFields } from './asset-columns';
import { checkAssetReferences } from './check-asset-references';
import { duplicateInventoryNumber } from './errors';
import { findAssetRow } from './get-asset';
import type { Asset, UpdateAssetBody } from './schemas';
import { toAssetDto } from './to-asset-dto';
import { validateCustomFields } from './validate-custom-fields';
import { emitWebhookEvent } from '@/lib/platform/webhooks/emit-webhook-event';

function mergeCustomFields(current: Record<string, unknown>, patch: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!patch) return current;
  const merged = { ...current, ...patch };
  for (const [key, value] of Object.entries(patch)) if (value === null) delete merged[key];
  return merged;
}

export async function updateAsset(tx: Tx, ctx: RequestContext, assetId: string, input: UpdateAssetBody): Promise<Asset> {
  const before = await findAssetRow(tx, ctx, assetId, true);
  const categoryId = input.categoryId ?? before.categoryId;
  const { customFieldDefinition } = await checkAssetReferences(tx, ctx.organisationId, { ...input, categoryId });
  const customFields = mergeCustomFields(before.customFields, input.customFields);
  // Re-validated on every write: a category change or a new required field applies to the asset as a whole.
  validateCustomFields(customFieldDefinition ?? [], customFields);
  if (input.inventoryNumber && input.inventoryNumber !== before.inventoryNumber) {
    const [taken] = await tx
      .select({ id: assets.id })
      .from(assets)
      .where(and(eq(assets.organisationId, ctx.organisationId), eq(assets.inventoryNumber, input.inventoryNumber)));
    if (taken) throw duplicateInventoryNumber(input.inventoryNumber);
  }
  const [after] = await tx
    .update(assets)
    .set({ ...input, customFields, updatedAt: new Date() })
    .where(and(eq(assets.organisationId, ctx.organisationId), eq(assets.id, assetId)))
    .returning(assetColumns)
    .catch((error: unknown) => {
      // A concurrent writer can pass the check above too; then the unique index decides, with the same answer.
      if (input.inventoryNumber && sqlState(error) === '23505') throw duplicateInventoryNumber(input.inventoryNumber);
      throw error;
    });
  const changes = diffChanges(before, after!, auditedAssetFields);
  const asset = toAssetDto(after!);
  if (Object.keys(changes).length > 0) {
    await recordAudit(tx, ctx, { action: 'ASSET_UPDATED', targetType: 'ASSET', targetId: assetId, assetId, changes });
    await emitWebhookEvent(tx, ctx, 'asset.updated', { asset });
  }
  return asset;
}
