import { and, count, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { assets, loans } from '@/db/schema';
import { ConflictError } from '@/lib/platform/core/errors';
import type { RequestContext } from '@/lib/platform/core/context';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import { auditedAssetFields } from './asset-columns';
import { findAssetRow } from './get-asset';
import { toAssetDto } from './to-asset-dto';
import { emitWebhookEvent } from '@/lib/platform/webhooks/emit-webhook-event';

/** The asset's audit history outlives it: entries keep the asset id, not a foreign key. */
export async function deleteAsset(tx: Tx, ctx: RequestContext, assetId: string): Promise<void> {
  const before = await findAssetRow(tx, ctx, assetId, true);
  const [history] = await tx.select({ loans: count() }).from(loans).where(and(eq(loans.organisationId, ctx.organisationId), eq(loans.assetId, assetId)));
  // Loans are the lending record of people; an asset with a history is retired (status RETIRED), not deleted.
  if (history && history.loans > 0) {
    throw new ConflictError('ASSET_HAS_LOANS', 'The asset has loans and cannot be deleted; retire it instead (status Retired).', { assetId, loanCount: history.loans });
  }
  await tx.delete(assets).where(and(eq(assets.organisationId, ctx.organisationId), eq(assets.id, assetId)));
  await recordAudit(tx, ctx, {
    action: 'ASSET_DELETED',
    targetType: 'ASSET',
    targetId: assetId,
    assetId,
    changes: diffChanges(before, null, auditedAssetFields),
  });
  await emitWebhookEvent(tx, ctx, 'asset.deleted', { asset: toAssetDto(before) });
}
