import type { Tx } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import { listCategories } from '@/lib/lending/categories/list-categories';
import { listLocations } from '@/lib/lending/locations/list-locations';

/** The choices of the asset form; organisations keep well under a hundred categories and locations. */
export async function listAssetFormOptions(tx: Tx, ctx: RequestContext) {
  const [categories, locations] = await Promise.all([listCategories(tx, ctx, { limit: 100 }), listLocations(tx, ctx, { limit: 100 })]);
  return {
    categories: categories.data.map((category) => ({ id: category.id, name: category.name, customFields: category.customFields })),
    locations: locations.data.map((location) => ({ id: location.id, name: location.name })),
  };
}
