import { noContent, ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { findCategoryRow, toCategoryDto } from '@/lib/lending/categories/category-store';
import { deleteCategory } from '@/lib/lending/categories/delete-category';
import { CategoryIdParams, UpdateCategoryBody } from '@/lib/lending/categories/schemas';
import { updateCategory } from '@/lib/lending/categories/update-category';

// GET /api/v1/categories/{id} – category detail
export const GET = route({ role: 'EMPLOYEE', params: CategoryIdParams }, async ({ tx, ctx, params }) =>
  ok(toCategoryDto(await findCategoryRow(tx, ctx.organisationId, params.id))),
);

// PATCH /api/v1/categories/{id} – update a category
export const PATCH = route({ role: 'ASSET_MANAGER', params: CategoryIdParams, body: UpdateCategoryBody }, async ({ tx, ctx, params, body }) =>
  ok(await updateCategory(tx, ctx, params.id, body)),
);

// DELETE /api/v1/categories/{id} – delete a category that no asset refers to
export const DELETE = route({ role: 'ADMIN', params: CategoryIdParams }, async ({ tx, ctx, params }) => {
  await deleteCategory(tx, ctx, params.id);
  return noContent();
});

export const PUT = methodNotAllowed(['GET', 'PATCH', 'DELETE']);
export const POST = methodNotAllowed(['GET', 'PATCH', 'DELETE']);
