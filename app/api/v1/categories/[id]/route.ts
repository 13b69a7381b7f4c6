import { noContent, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { findCategoryRow, toCategoryDto } from '@/lib/lending/categories/category-store';
import { deleteCategory } from '@/lib/lending/categories/delete-category';
import { CategoryIdParams, UpdateCategoryBody } from '@/lib/lending/categories/schemas';
import { updateCategory } from '@/lib/lending/categories/update-category';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/categories/{id} – category detail
  GET: route({ role: 'EMPLOYEE', params: CategoryIdParams }, async ({ tx, ctx, params }) =>
    ok(toCategoryDto(await findCategoryRow(tx, ctx.organisationId, params.id))),
  ),

  // PATCH /api/v1/categories/{id} – update a category
  PATCH: route({ role: 'ASSET_MANAGER', params: CategoryIdParams, body: UpdateCategoryBody }, async ({ tx, ctx, params, body }) =>
    ok(await updateCategory(tx, ctx, params.id, body)),
  ),

  // DELETE /api/v1/categories/{id} – delete a category that no asset refers to
  DELETE: route({ role: 'ADMIN', params: CategoryIdParams }, async ({ tx, ctx, params }) => {
    await deleteCategory(tx, ctx, params.id);
    return noContent();
  }),
});
