import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { assets } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { assetColumns } from './asset-columns';
import { assetNotFound } from './errors';
import type { Asset } from './schemas';
import { type AssetRow, toAssetDto } from './to-asset-dto';

export async function findAssetRow(tx: Executor, ctx: RequestContext, assetId: string, forUpdate = false): Promise<AssetRow> {
  const query = tx
    .select(assetColumns)
    .from(assets)
    .where(and(eq(assets.organisationId, ctx.organisationId), eq(assets.id, assetId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw assetNotFound(assetId, ctx.organisationId);
  return row;
}

/** One asset as the API shows it (without its label secret). */
export async function getAsset(tx: Executor, ctx: RequestContext, assetId: string): Promise<Asset> {
  return toAssetDto(await findAssetRow(tx, ctx, assetId));
}
