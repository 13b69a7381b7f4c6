import Link from 'next/link';
import { notFound } from 'next/navigation';
import { assetCountWords } from '@/components/catalogue/field-words';
import { LocationForm } from '@/components/catalogue/location-form';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { CursorPager } from '@/components/ui/cursor-pager';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { countAssetsByCatalogue } from '@/lib/lending/assets/count-assets-by-catalogue';
import { listLocations } from '@/lib/lending/locations/list-locations';
import { ListLocationsQuery } from '@/lib/lending/locations/schemas';
import { createLocationAction } from '@/lib/transport/portal/actions/catalogue-actions';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';

export const metadata = { title: 'Locations' };

type Props = { searchParams: Promise<{ cursor?: string }> };

export default async function LocationsPage({ searchParams }: Props) {
  const portal = await requirePortalContext('ADMIN');
  const query = ListLocationsQuery.safeParse({ cursor: (await searchParams).cursor, limit: 50 });
  if (!query.success) notFound();
  const { page, usage } = await withPortalTransaction(portal, async (tx, ctx) => ({
    page: await listLocations(tx, ctx, query.data),
    usage: await countAssetsByCatalogue(tx, ctx.organisationId),
  }));
  const next = page.pagination.nextCursor;
  return (
    <>
      <PageHeader title="Locations" description="Where your assets are kept and picked up: a building, a room, a store." />
      <div className="space-y-6">
        <Card aria-labelledby="locations-heading">
          <CardHeader id="locations-heading" title="Your locations" description="Open one to change it or delete it. Changes are recorded in the audit log." />
          {page.data.length === 0 ? (
            <CardBody>
              <EmptyState title="No locations yet" description="Add the first one below: every asset is kept somewhere." />
            </CardBody>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Locations" data-testid="location-list">
              {page.data.map((location) => {
                const assets = usage.byLocation.get(location.id) ?? 0;
                return (
                  <li key={location.id} className="px-5 py-4" data-testid="location-row">
                    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                      <Link href={`/admin/locations/${location.id}`} className="font-medium text-brand underline-offset-2 hover:underline [overflow-wrap:anywhere]">
                        {location.name}
                      </Link>
                      {assets > 0 ? (
                        <Link href={`/assets?locationId=${location.id}`} className="text-sm text-slate-700 underline-offset-2 hover:underline">
                          {assetCountWords(assets)}
                        </Link>
                      ) : (
                        <span className="text-sm text-slate-600">{assetCountWords(0)}</span>
                      )}
                    </div>
                    {location.address ? <p className="mt-0.5 text-sm text-slate-700 [overflow-wrap:anywhere]">{location.address}</p> : null}
                    {location.description ? <p className="mt-0.5 text-sm text-slate-600 [overflow-wrap:anywhere]">{location.description}</p> : null}
                  </li>
                );
              })}
            </ul>
          )}
          <CursorPager firstHref={query.data.cursor ? '/admin/locations' : null} nextHref={next ? `/admin/locations?cursor=${encodeURIComponent(next)}` : null} />
        </Card>
        <Card aria-labelledby="add-location-heading">
          <CardHeader id="add-location-heading" title="Add a location" />
          <CardBody>
            <LocationForm action={createLocationAction} submitLabel="Add location" />
          </CardBody>
        </Card>
      </div>
    </>
  );
}
