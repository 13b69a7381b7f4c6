import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { assets } from '@/db/schema';
import type { RequestContext } from '@/lib/api/context';
import { diffChanges, recordAudit } from '@/lib/audit/record-audit';
import { auditedAssetFields } from './asset-columns';
import { findAssetRow } from './get-asset';

/** The asset's audit history outlives it: entries keep the asset id, not a foreign key. */
export async function deleteAsset(tx: Tx, ctx: RequestContext, assetId: string): Promise<void> {
  const before = await findAssetRow(tx, ctx, assetId, true);
  await tx.delete(assets).where(and(eq(assets.organisationId, ctx.organisationId), eq(assets.id, assetId)));
  await recordAudit(tx, ctx, {
    action: 'ASSET_DELETED',
    targetType: 'ASSET',
    targetId: assetId,
    assetId,
    changes: diffChanges(before, null, auditedAssetFields),
  });
}
