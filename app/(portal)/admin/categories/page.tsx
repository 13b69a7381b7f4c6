import Link from 'next/link';
import { notFound } from 'next/navigation';
import { CategoryForm } from '@/components/catalogue/category-form';
import { assetCountWords, describeField } from '@/components/catalogue/field-words';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { CursorPager } from '@/components/ui/cursor-pager';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { countAssetsByCatalogue } from '@/lib/lending/assets/count-assets-by-catalogue';
import { listCategories } from '@/lib/lending/categories/list-categories';
import { ListCategoriesQuery } from '@/lib/lending/categories/schemas';
import { createCategoryAction } from '@/lib/transport/portal/actions/catalogue-actions';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';

export const metadata = { title: 'Categories' };

type Props = { searchParams: Promise<{ cursor?: string }> };

export default async function CategoriesPage({ searchParams }: Props) {
  const portal = await requirePortalContext('ADMIN');
  const query = ListCategoriesQuery.safeParse({ cursor: (await searchParams).cursor, limit: 50 });
  if (!query.success) notFound();
  const { page, usage } = await withPortalTransaction(portal, async (tx, ctx) => ({
    page: await listCategories(tx, ctx, query.data),
    usage: await countAssetsByCatalogue(tx, ctx.organisationId),
  }));
  const next = page.pagination.nextCursor;
  return (
    <>
      <PageHeader title="Categories" description="Kinds of equipment your organisation lends. Each category can ask for its own details on every asset, such as a size or a licence plate." />
      <div className="space-y-6">
        <Card aria-labelledby="categories-heading">
          <CardHeader id="categories-heading" title="Your categories" description="Open one to change its fields or delete it. Changes are recorded in the audit log." />
          {page.data.length === 0 ? (
            <CardBody>
              <EmptyState title="No categories yet" description="Add the first one below: every asset belongs to a category." />
            </CardBody>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Categories" data-testid="category-list">
              {page.data.map((category) => {
                const assets = usage.byCategory.get(category.id) ?? 0;
                return (
                  <li key={category.id} className="px-5 py-4" data-testid="category-row">
                    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                      <Link href={`/admin/categories/${category.id}`} className="break-words font-medium text-brand underline-offset-2 hover:underline [overflow-wrap:anywhere]">
                        {category.name}
                      </Link>
                      {assets > 0 ? (
                        <Link href={`/assets?categoryId=${category.id}`} className="text-sm text-slate-700 underline-offset-2 hover:underline">
                          {assetCountWords(assets)}
                        </Link>
                      ) : (
                        <span className="text-sm text-slate-600">{assetCountWords(0)}</span>
                      )}
                    </div>
                    {category.description ? <p className="mt-0.5 text-sm text-slate-600 [overflow-wrap:anywhere]">{category.description}</p> : null}
                    {category.customFields.length > 0 ? (
                      <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={`Fields of ${category.name}`}>
                        {category.customFields.map((field) => (
                          <li key={field.key} className="max-w-full rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-700 [overflow-wrap:anywhere]">
                            {describeField(field)}
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <p className="mt-1 text-xs text-slate-500">No extra fields</p>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          <CursorPager firstHref={query.data.cursor ? '/admin/categories' : null} nextHref={next ? `/admin/categories?cursor=${encodeURIComponent(next)}` : null} />
        </Card>
        <Card aria-labelledby="add-category-heading">
          <CardHeader id="add-category-heading" title="Add a category" description="Name it as people would look for it, then add the details every asset of this kind should have." />
          <CardBody>
            <CategoryForm action={createCategoryAction} submitLabel="Add category" />
          </CardBody>
        </Card>
      </div>
    </>
  );
}
