import { AssetForm } from '@/components/assets/asset-form';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { hasRole } from '@/lib/platform/auth/roles';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { saveAssetAction } from '@/lib/transport/portal/actions/asset-actions';
import { listAssetFormOptions } from '@/lib/lending/assets/list-asset-form-options';

export const metadata = { title: 'New asset' };

export default async function NewAssetPage() {
  const portal = await requirePortalContext('ASSET_MANAGER');
  const { categories, locations } = await withPortalTransaction(portal, listAssetFormOptions);
  // A new organisation has neither yet: every asset needs both, and only an admin can add them.
  const missing = [categories.length === 0 ? 'a category' : null, locations.length === 0 ? 'a location' : null].filter(Boolean).join(' and ');
  const admin = hasRole(portal.user.role, 'ADMIN');
  return (
    <>
      <PageHeader title="New asset" description="Record a piece of equipment your organisation lends. It gets its QR code at once." />
      {missing ? (
        <EmptyState
          title={`Every asset needs a category and a location: add ${missing} first.`}
          description={admin ? 'Categories say what kind of equipment it is and which details it has; locations say where it is kept.' : 'An administrator of your organisation sets them up.'}
          action={
            admin ? (
              <div className="flex flex-wrap justify-center gap-2">
                {categories.length === 0 ? <ButtonLink href="/admin/categories">Add a category</ButtonLink> : null}
                {locations.length === 0 ? <ButtonLink href="/admin/locations" variant={categories.length === 0 ? 'secondary' : 'primary'}>Add a location</ButtonLink> : null}
              </div>
            ) : null
          }
        />
      ) : (
        <AssetForm action={saveAssetAction} categories={categories} locations={locations} />
      )}
    </>
  );
}
