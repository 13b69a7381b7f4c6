import { noContent, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { deleteCategory } from '@/lib/lending/categories/delete-category';
import { getCategory } from '@/lib/lending/categories/get-category';
import { updateCategory } from '@/lib/lending/categories/update-category';
import * as categories from '@/lib/transport/operations/lending/categories';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(categories.getCategory, async ({ tx, ctx, params }) =>
    ok(await getCategory(tx, ctx, params.id)),
  ),

  PATCH: route(categories.updateCategory, async ({ tx, ctx, params, body }) =>
    ok(await updateCategory(tx, ctx, params.id, body)),
  ),

  DELETE: route(categories.deleteCategory, async ({ tx, ctx, params }) => {
    await deleteCategory(tx, ctx, params.id);
    return noContent();
  }),
});
