import { notFound } from 'next/navigation';
import { z } from 'zod';
import { AssetForm } from '@/components/assets/asset-form';
import { ButtonLink } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { NotFoundError } from '@/lib/platform/core/errors';
import { getAsset } from '@/lib/lending/assets/get-asset';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { saveAssetAction } from '@/lib/transport/portal/actions/asset-actions';
import { listAssetFormOptions } from '@/lib/lending/assets/list-asset-form-options';
import { assetPageMetadata } from '../../asset-title';

export function generateMetadata({ params }: { params: Promise<{ id: string }> }) {
  return assetPageMetadata(params, (name) => `Edit ${name}`);
}

export default async function EditAssetPage({ params }: { params: Promise<{ id: string }> }) {
  const portal = await requirePortalContext('ASSET_MANAGER');
  const { id } = await params;
  if (!z.uuid().safeParse(id).success) notFound();
  const { asset, options } = await withPortalTransaction(portal, async (tx, ctx) => ({
    asset: await getAsset(tx, ctx, id),
    options: await listAssetFormOptions(tx, ctx),
  })).catch((error: unknown) => {
    if (error instanceof NotFoundError) notFound();
    throw error;
  });
  return (
    <>
      <PageHeader
        title={`Edit ${asset.name}`}
        description={<span className="font-mono">{asset.inventoryNumber}</span>}
        actions={
          <ButtonLink href={`/assets/${asset.id}`} variant="secondary">
            Cancel
          </ButtonLink>
        }
      />
      <AssetForm action={saveAssetAction} asset={asset} categories={options.categories} locations={options.locations} />
    </>
  );
}
