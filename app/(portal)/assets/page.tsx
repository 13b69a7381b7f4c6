import Link from 'next/link';
import { redirect } from 'next/navigation';
import { AssetFilters } from '@/components/assets/asset-filters';
import { AssetList, type AssetListRow } from '@/components/assets/asset-list';
import { nextSortFor } from '@/components/assets/asset-sort-options';
import { pageSizes } from '@/components/assets/page-sizes';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { ValidationError } from '@/lib/platform/core/errors';
import { hasRole } from '@/lib/platform/auth/roles';
import { listAssetFilterOptions } from '@/lib/lending/assets/list-asset-filter-options';
import { describeHolder } from '@/components/assets/describe-holder';
import { listAssetHolders } from '@/lib/lending/assets/list-asset-holders';
import { listAssets, listAssetsPage } from '@/lib/lending/assets/list-assets';
import { listAssetsBefore } from '@/lib/lending/assets/list-assets-before';
import { type AssetSort, assetSorts, DEFAULT_ASSET_SORT } from '@/lib/lending/assets/schemas';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { moveAssetsAction } from '@/lib/transport/portal/actions/asset-actions';
import { type AssetFilterParams, readAssetFilter } from './read-asset-filter';

export const metadata = { title: 'Assets' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function single(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

function hrefOf(filters: AssetFilterParams, limit: number, sort: AssetSort, paging: { cursor?: string; before?: string } = {}, base = '/assets'): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) search.set(name, value);
  if (sort !== DEFAULT_ASSET_SORT) search.set('sort', sort);
  if (limit !== pageSizes[0]) search.set('limit', String(limit));
  if (paging.cursor) search.set('cursor', paging.cursor);
  if (paging.before) search.set('before', paging.before);
  const query = search.toString();
  return query ? `${base}?${query}` : base;
}

function readSort(value: string): AssetSort {
  return (assetSorts as readonly string[]).includes(value) ? (value as AssetSort) : DEFAULT_ASSET_SORT;
}

export default async function AssetsPage({ searchParams }: { searchParams: SearchParams }) {
  const portal = await requirePortalContext('EMPLOYEE');
  const params = await searchParams;
  const { raw, parsed } = readAssetFilter(params);
  const requestedLimit = Number(single(params.limit));
  const limit = (pageSizes as readonly number[]).includes(requestedLimit) ? requestedLimit : pageSizes[0];
  const cursor = single(params.cursor);
  const before = single(params.before);
  const sort = readSort(single(params.sort));
  const canManage = hasRole(portal.user.role, 'ASSET_MANAGER');

  const { options, page, holders } = await withPortalTransaction(portal, async (tx, ctx) => {
    const filterOptions = await listAssetFilterOptions(tx, ctx.organisationId);
    if (!parsed.success) return { options: filterOptions, page: null, holders: new Map() };
    const filter = parsed.data;
    if (before) {
      const earlier = await listAssetsBefore(tx, ctx, filter, sort, before, limit);
      const { pagination } = await listAssets(tx, ctx, { ...filter, limit: 1 });
      return {
        options: filterOptions,
        page: { data: earlier.data, total: pagination.total, previous: earlier.hasEarlier, first: earlier.data[0]?.cursor ?? null, next: earlier.data.at(-1)?.cursor ?? null },
        holders: await listAssetHolders(tx, ctx, earlier.data.map((asset) => asset.id)),
      };
    }
    const later = await listAssetsPage(tx, ctx, { ...filter, sort, limit, cursor: cursor || undefined });
    return {
      options: filterOptions,
      page: { data: later.data, total: later.pagination.total, previous: Boolean(cursor), first: later.firstCursor, next: later.pagination.nextCursor },
      holders: await listAssetHolders(tx, ctx, later.data.map((asset) => asset.id)),
    };
  }).catch((error: unknown) => {
    // A stale or edited cursor in a shared link starts the same view from the newest asset.
    if (error instanceof ValidationError && (cursor || before)) redirect(hrefOf(raw, limit, sort));
    throw error;
  });

  // A "previous" page that reaches the start is the first page: show it as such, with a clean URL.
  if (page && before && !page.previous) redirect(hrefOf(raw, limit, sort));

  const names = (list: { id: string; name: string }[]) => new Map(list.map((item) => [item.id, item.name]));
  const [categoryNames, locationNames, ownerNames] = [names(options.categories), names(options.locations), names(options.owners)];
  const rows: AssetListRow[] = (page?.data ?? []).map((asset) => ({
    id: asset.id,
    name: asset.name,
    inventoryNumber: asset.inventoryNumber,
    category: categoryNames.get(asset.categoryId) ?? '—',
    location: locationNames.get(asset.locationId) ?? '—',
    status: asset.status,
    owner: asset.ownerId ? (ownerNames.get(asset.ownerId) ?? 'Former user') : null,
    holder: describeHolder(holders.get(asset.id)),
  }));
  const filtered = Object.values(raw).some(Boolean);

  return (
    <>
      <PageHeader
        title="Assets"
        description="Everything your organisation lends: search, filter and open an asset to see its details and history."
        actions={
          canManage ? (
            <>
              <a href={hrefOf(raw, pageSizes[0], DEFAULT_ASSET_SORT, {}, '/assets/export/csv')} className={buttonClasses('secondary')} download>
                Export CSV
              </a>
              <a href={hrefOf(raw, pageSizes[0], DEFAULT_ASSET_SORT, {}, '/assets/export/xlsx')} className={buttonClasses('secondary')} download>
                Export Excel
              </a>
              <Link href="/assets/new" className={buttonClasses('primary')}>
                New asset
              </Link>
            </>
          ) : null
        }
      />
      <Card aria-labelledby="assets-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-100 px-5 py-4">
          <h2 id="assets-heading" className="text-base font-semibold text-slate-900">
            {filtered ? 'Matching assets' : 'All assets'}
          </h2>
          {page ? (
            <p className="text-sm text-slate-600" data-testid="asset-total">
              {page.total.toLocaleString('en')} {page.total === 1 ? 'asset' : 'assets'}
              {canManage && page.total > 0 ? ' · exports include all of them, not just this page' : ''}
            </p>
          ) : null}
        </div>
        <div className="border-b border-slate-100 px-5 py-4">
          <AssetFilters filters={raw} limit={limit} sort={sort} categories={options.categories} locations={options.locations} owners={options.owners} />
        </div>

        {!page ? (
          <p role="alert" className="m-5 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            These filters are not valid: {parsed.error?.issues.map((issue) => issue.path.join('.')).join(', ')}. Clear them and try again.
          </p>
        ) : (
          <AssetList
            rows={rows}
            sort={sort}
            sortLinks={{ name: hrefOf(raw, limit, nextSortFor('name', sort)), inventoryNumber: hrefOf(raw, limit, nextSortFor('inventoryNumber', sort)), status: hrefOf(raw, limit, nextSortFor('status', sort)) }}
            locations={options.locations}
            moveAction={canManage ? moveAssetsAction : undefined}
            empty={
              filtered ? (
                <EmptyState title="No matching assets" description="Nothing matches this search and these filters. Try fewer words or clear a filter." />
              ) : (
                <EmptyState
                  title="No assets yet"
                  description="Assets your organisation lends out appear here."
                  action={
                    canManage ? (
                      <Link href="/assets/new" className={buttonClasses('primary', 'sm')}>
                        Add the first asset
                      </Link>
                    ) : undefined
                  }
                />
              )
            }
          />
        )}

        {page && (page.previous || page.next) ? (
          <nav aria-label="Pages" className="flex items-center justify-between gap-3 border-t border-slate-100 px-5 py-3">
            {page.previous && page.first ? (
              <Link href={hrefOf(raw, limit, sort, { before: page.first })} className={buttonClasses('secondary', 'sm')} rel="prev">
                ← Previous
              </Link>
            ) : (
              <span />
            )}
            {page.next ? (
              <Link href={hrefOf(raw, limit, sort, { cursor: page.next })} className={buttonClasses('secondary', 'sm')} rel="next">
                Next →
              </Link>
            ) : null}
          </nav>
        ) : null}
      </Card>
    </>
  );
}
