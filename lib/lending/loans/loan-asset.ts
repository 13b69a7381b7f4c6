import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { assets } from '@/db/schema';
import { ConflictError } from '@/lib/platform/core/errors';
import { assetStatusLabels } from '@/lib/platform/format/value-labels';
import { assetNotFound } from '@/lib/lending/assets/errors';

export type LoanAsset = { id: string; name: string; inventoryNumber: string; status: 'AVAILABLE' | 'LOANED' | 'MAINTENANCE' | 'RETIRED'; categoryId: string; locationId: string; labelSecretHash: string | null };

export async function findLoanAsset(tx: Executor, organisationId: string, assetId: string, forUpdate = false): Promise<LoanAsset> {
  const query = tx
    .select({ id: assets.id, name: assets.name, inventoryNumber: assets.inventoryNumber, status: assets.status, categoryId: assets.categoryId, locationId: assets.locationId, labelSecretHash: assets.labelSecretHash })
    .from(assets)
    .where(and(eq(assets.organisationId, organisationId), eq(assets.id, assetId)));
  const [asset] = forUpdate ? await query.for('update') : await query;
  if (!asset) throw assetNotFound(assetId, organisationId);
  return asset;
}

export function assertBookable(asset: LoanAsset): void {
  if (asset.status === 'MAINTENANCE' || asset.status === 'RETIRED') {
    throw new ConflictError('ASSET_UNAVAILABLE', `The asset is not available (${(assetStatusLabels[asset.status] ?? asset.status).toLowerCase()}), so it cannot be lent.`, { assetId: asset.id, assetStatus: asset.status });
  }
}

export async function setAssetStatus(tx: Executor, organisationId: string, assetId: string, status: LoanAsset['status']): Promise<void> {
  await tx.update(assets).set({ status, updatedAt: new Date() }).where(and(eq(assets.organisationId, organisationId), eq(assets.id, assetId)));
}
