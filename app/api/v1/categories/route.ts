import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { createCategory } from '@/lib/lending/categories/create-category';
import { listCategories } from '@/lib/lending/categories/list-categories';
import * as categories from '@/lib/transport/operations/lending/categories';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(categories.listCategories, async ({ tx, ctx, query }) => ok(await listCategories(tx, ctx, query))),

  POST: route(categories.createCategory, async ({ tx, ctx, body }) => {
    const category = await createCategory(tx, ctx, body);
    return created(category, `/api/v1/categories/${category.id}`);
  }),
});
