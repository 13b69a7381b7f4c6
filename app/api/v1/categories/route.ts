import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { createCategory } from '@/lib/lending/categories/create-category';
import { listCategories } from '@/lib/lending/categories/list-categories';
import { CreateCategoryBody, ListCategoriesQuery } from '@/lib/lending/categories/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/categories – list categories
  GET: route({ role: 'EMPLOYEE', query: ListCategoriesQuery }, async ({ tx, ctx, query }) => ok(await listCategories(tx, ctx, query))),

  // POST /api/v1/categories – create a category
  POST: route({ role: 'ASSET_MANAGER', body: CreateCategoryBody }, async ({ tx, ctx, body }) => {
    const category = await createCategory(tx, ctx, body);
    return created(category, `/api/v1/categories/${category.id}`);
  }),
});
