import { AssetForm } from '@/components/assets/asset-form';
import { PageHeader } from '@/components/ui/page-header';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { saveAssetAction } from '@/lib/transport/portal/actions/asset-actions';
import { listAssetFormOptions } from '@/lib/lending/assets/list-asset-form-options';

export const metadata = { title: 'New asset' };

export default async function NewAssetPage() {
  const portal = await requirePortalContext('ASSET_MANAGER');
  const { categories, locations } = await withPortalTransaction(portal, listAssetFormOptions);
  return (
    <>
      <PageHeader title="New asset" description="Record a piece of equipment your organisation lends. It gets its QR code at once." />
      <AssetForm action={saveAssetAction} categories={categories} locations={locations} />
    </>
  );
}
