import { noContent, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { findCategoryRow, toCategoryDto } from '@/lib/lending/categories/category-store';
import { deleteCategory } from '@/lib/lending/categories/delete-category';
import { updateCategory } from '@/lib/lending/categories/update-category';
import * as categories from '@/lib/transport/operations/lending/categories';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(categories.getCategory, async ({ tx, ctx, params }) =>
    ok(toCategoryDto(await findCategoryRow(tx, ctx.organisationId, params.id))),
  ),

  PATCH: route(categories.updateCategory, async ({ tx, ctx, params, body }) =>
    ok(await updateCategory(tx, ctx, params.id, body)),
  ),

  DELETE: route(categories.deleteCategory, async ({ tx, ctx, params }) => {
    await deleteCategory(tx, ctx, params.id);
    return noContent();
  }),
});
