import Link from 'next/link';
import { notFound } from 'next/navigation';
import { DeleteEntryButton } from '@/components/catalogue/delete-entry-button';
import { assetCountWords } from '@/components/catalogue/field-words';
import { LocationForm } from '@/components/catalogue/location-form';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { countAssetsByCatalogue } from '@/lib/lending/assets/count-assets-by-catalogue';
import { getLocation } from '@/lib/lending/locations/get-location';
import { LocationIdParams } from '@/lib/lending/locations/schemas';
import { DomainError } from '@/lib/platform/core/errors';
import { deleteLocationAndReturnAction, updateLocationAction } from '@/lib/transport/portal/actions/catalogue-actions';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';

export const metadata = { title: 'Location' };

type Props = { params: Promise<{ id: string }> };

export default async function LocationPage({ params }: Props) {
  const portal = await requirePortalContext('ADMIN');
  const parsed = LocationIdParams.safeParse(await params);
  if (!parsed.success) notFound();
  const { location, assets } = await withPortalTransaction(portal, async (tx, ctx) => ({
    location: await getLocation(tx, ctx, parsed.data.id),
    assets: (await countAssetsByCatalogue(tx, ctx.organisationId)).byLocation.get(parsed.data.id) ?? 0,
  })).catch((error: unknown) => {
    // Another tenant's location, or none: the same page as any unknown address.
    if (error instanceof DomainError && error.kind === 'not_found') notFound();
    throw error;
  });
  return (
    <>
      <PageHeader
        title={<span className="[overflow-wrap:anywhere]">{location.name}</span>}
        description={
          <>
            <Link href="/admin/locations" className="text-brand underline-offset-2 hover:underline">
              ← All locations
            </Link>{' '}
            · {assetCountWords(assets)} kept here
          </>
        }
      />
      <div className="space-y-6">
        <Card aria-labelledby="edit-location-heading">
          <CardHeader id="edit-location-heading" title="Details" />
          <CardBody>
            <LocationForm action={updateLocationAction} location={location} submitLabel="Save location" />
          </CardBody>
        </Card>
        <Card aria-labelledby="delete-location-heading">
          <CardHeader
            id="delete-location-heading"
            title="Delete this location"
            description={assets > 0 ? `${assets === 1 ? '1 asset is' : `${assetCountWords(assets)} are`} still kept here: move them to another location first.` : 'No asset is kept here, so it can go. The audit log keeps its name.'}
          />
          <CardBody>
            <DeleteEntryButton action={deleteLocationAndReturnAction} idName="locationId" id={location.id} question={`Delete the location ${location.name}?`} label="Delete location" />
          </CardBody>
        </Card>
      </div>
    </>
  );
}
