import { created, ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { createCategory } from '@/lib/lending/categories/create-category';
import { listCategories } from '@/lib/lending/categories/list-categories';
import { CreateCategoryBody, ListCategoriesQuery } from '@/lib/lending/categories/schemas';

// GET /api/v1/categories – list categories
export const GET = route({ role: 'EMPLOYEE', query: ListCategoriesQuery }, async ({ tx, ctx, query }) => ok(await listCategories(tx, ctx, query)));

// POST /api/v1/categories – create a category
export const POST = route({ role: 'ASSET_MANAGER', body: CreateCategoryBody }, async ({ tx, ctx, body }) => {
  const category = await createCategory(tx, ctx, body);
  return created(category, `/api/v1/categories/${category.id}`);
});

export const PUT = methodNotAllowed(['GET', 'POST']);
export const PATCH = methodNotAllowed(['GET', 'POST']);
export const DELETE = methodNotAllowed(['GET', 'POST']);
