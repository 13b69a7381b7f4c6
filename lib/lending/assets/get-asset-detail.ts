import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { categories, type CustomFieldDefinition, locations } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { listUserNames } from '@/lib/people/users/list-user-names';
import { findAssetRow } from './get-asset';
import type { Asset } from './schemas';
import { toAssetDto } from './to-asset-dto';

export type AssetDetail = {
  asset: Asset;
  category: { id: string; name: string; customFields: CustomFieldDefinition[] };
  location: { id: string; name: string };
  ownerName: string | null;
};

/** The asset with the names a person reads beside it: category (and its custom field labels), location, owner. */
export async function getAssetDetail(tx: Tx, ctx: RequestContext, assetId: string): Promise<AssetDetail> {
  const asset = toAssetDto(await findAssetRow(tx, ctx, assetId));
  const [[category], [location], owners] = await Promise.all([
    tx
      .select({ id: categories.id, name: categories.name, customFields: categories.customFields })
      .from(categories)
      .where(and(eq(categories.organisationId, ctx.organisationId), eq(categories.id, asset.categoryId))),
    tx
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(and(eq(locations.organisationId, ctx.organisationId), eq(locations.id, asset.locationId))),
    listUserNames(tx, ctx.organisationId, asset.ownerId ? [asset.ownerId] : []),
  ]);
  return {
    asset,
    category: category!,
    location: location!,
    ownerName: asset.ownerId ? (owners.get(asset.ownerId) ?? null) : null,
  };
}
