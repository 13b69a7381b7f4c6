import { randomBytes } from 'node:crypto';
import type { Tx } from '@/db/client';
import { assets } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import { assetColumns, auditedAssetFields } from './asset-columns';
import { checkAssetReferences } from './check-asset-references';
import { duplicateInventoryNumber } from './errors';
import type { Asset, CreateAssetBody } from './schemas';
import { toAssetDto } from './to-asset-dto';
import { validateCustomFields } from './validate-custom-fields';
import { emitWebhookEvent } from '@/lib/platform/webhooks/emit-webhook-event';

function generateInventoryNumber(): string {
  return `INV-${randomBytes(5).toString('hex').toUpperCase()}`;
}

export async function createAsset(tx: Tx, ctx: RequestContext, input: CreateAssetBody): Promise<Asset> {
  const { customFieldDefinition } = await checkAssetReferences(tx, ctx.organisationId, input);
  // A null value means "no value", as in PATCH: it is validated but never stored.
  const customFields = Object.fromEntries(Object.entries(input.customFields).filter(([, value]) => value !== null));
  validateCustomFields(customFieldDefinition ?? [], customFields);
  const inventoryNumber = input.inventoryNumber ?? generateInventoryNumber();
  const values = { ...input, customFields, inventoryNumber, organisationId: ctx.organisationId };
  const [row] = await tx
    .insert(assets)
    .values(values)
    .onConflictDoNothing({ target: [assets.organisationId, assets.inventoryNumber] })
    .returning(assetColumns);
  if (!row) throw duplicateInventoryNumber(inventoryNumber);
  await recordAudit(tx, ctx, {
    action: 'ASSET_CREATED',
    targetType: 'ASSET',
    targetId: row.id,
    assetId: row.id,
    changes: diffChanges(null, row, auditedAssetFields),
  });
  const asset = toAssetDto(row);
  await emitWebhookEvent(tx, ctx, 'asset.created', { asset });
  return asset;
}
