import Link from 'next/link';
import { notFound } from 'next/navigation';
import { CategoryForm } from '@/components/catalogue/category-form';
import { DeleteEntryButton } from '@/components/catalogue/delete-entry-button';
import { assetCountWords } from '@/components/catalogue/field-words';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { countAssetsByCatalogue } from '@/lib/lending/assets/count-assets-by-catalogue';
import { getCategory } from '@/lib/lending/categories/get-category';
import { CategoryIdParams } from '@/lib/lending/categories/schemas';
import { DomainError } from '@/lib/platform/core/errors';
import { deleteCategoryAndReturnAction, updateCategoryAction } from '@/lib/transport/portal/actions/catalogue-actions';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';

export const metadata = { title: 'Category' };

type Props = { params: Promise<{ id: string }> };

export default async function CategoryPage({ params }: Props) {
  const portal = await requirePortalContext('ADMIN');
  const parsed = CategoryIdParams.safeParse(await params);
  if (!parsed.success) notFound();
  const { category, assets } = await withPortalTransaction(portal, async (tx, ctx) => ({
    category: await getCategory(tx, ctx, parsed.data.id),
    assets: (await countAssetsByCatalogue(tx, ctx.organisationId)).byCategory.get(parsed.data.id) ?? 0,
  })).catch((error: unknown) => {
    // Another tenant's category, or none: the same page as any unknown address.
    if (error instanceof DomainError && error.kind === 'not_found') notFound();
    throw error;
  });
  return (
    <>
      <PageHeader
        title={<span className="[overflow-wrap:anywhere]">{category.name}</span>}
        description={
          <>
            <Link href="/admin/categories" className="text-brand underline-offset-2 hover:underline">
              ← All categories
            </Link>{' '}
            · {assetCountWords(assets)} in this category
          </>
        }
      />
      <div className="space-y-6">
        <Card aria-labelledby="edit-category-heading">
          <CardHeader
            id="edit-category-heading"
            title="Name and fields"
            description="Renaming a field keeps what assets already hold in it. Removing a field hides its values; adding a required field asks for it the next time an asset is saved."
          />
          <CardBody>
            <CategoryForm action={updateCategoryAction} category={category} submitLabel="Save category" />
          </CardBody>
        </Card>
        <Card aria-labelledby="delete-category-heading">
          <CardHeader
            id="delete-category-heading"
            title="Delete this category"
            description={assets > 0 ? `${assets === 1 ? '1 asset still belongs' : `${assetCountWords(assets)} still belong`} to it: move them to another category first.` : 'No asset belongs to it, so it can go. The audit log keeps its name.'}
          />
          <CardBody>
            <DeleteEntryButton action={deleteCategoryAndReturnAction} idName="categoryId" id={category.id} question={`Delete the category ${category.name}?`} label="Delete category" />
          </CardBody>
        </Card>
      </div>
    </>
  );
}
