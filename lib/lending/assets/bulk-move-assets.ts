import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { assets } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { checkAssetReferences } from './check-asset-references';
import { assetNotFound } from './errors';
import type { BulkMoveAssetsBody, BulkMoveAssetsResult } from './schemas';
import { assetColumns } from './asset-columns';
import { toAssetDto } from './to-asset-dto';
import { emitWebhookEvent } from '@/lib/platform/webhooks/emit-webhook-event';

/**
 * All or nothing: the assets are locked first, and one id that is not the tenant's (unknown, deleted, another
 * organisation's) fails the whole request before anything is written. Each moved asset gets the same
 * ASSET_UPDATED entry a single edit of its location writes, so its history reads the same either way.
 */
export async function bulkMoveAssets(tx: Tx, ctx: RequestContext, input: BulkMoveAssetsBody): Promise<BulkMoveAssetsResult> {
  const assetIds = [...new Set(input.assetIds)];
  await checkAssetReferences(tx, ctx.organisationId, { locationId: input.locationId });
  const locked = await tx
    .select({ id: assets.id, locationId: assets.locationId })
    .from(assets)
    .where(and(eq(assets.organisationId, ctx.organisationId), inArray(assets.id, assetIds)))
    .orderBy(assets.id)
    .for('update');
  if (locked.length !== assetIds.length) {
    const found = new Set(locked.map((row) => row.id));
    throw assetNotFound(assetIds.find((id) => !found.has(id))!, ctx.organisationId);
  }
  const moving = locked.filter((row) => row.locationId !== input.locationId);
  if (moving.length === 0) return { moved: 0 };
  const moved = await tx
    .update(assets)
    .set({ locationId: input.locationId, updatedAt: new Date() })
    .where(and(eq(assets.organisationId, ctx.organisationId), inArray(assets.id, moving.map((row) => row.id))))
    .returning(assetColumns);
  for (const row of moved) await emitWebhookEvent(tx, ctx, 'asset.updated', { asset: toAssetDto(row) });
  for (const row of moving) {
    await recordAudit(tx, ctx, {
      action: 'ASSET_UPDATED',
      targetType: 'ASSET',
      targetId: row.id,
      assetId: row.id,
      changes: { locationId: { before: row.locationId, after: input.locationId } },
      metadata: { bulk: true, count: moving.length },
    });
  }
  return { moved: moving.length };
}
