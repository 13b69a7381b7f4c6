import Link from 'next/link';
import { EmptyState } from '@/components/ui/empty-state';
import { AssetStatusBadge } from '@/components/assets/asset-status-badge';

export type PickableAsset = { id: string; name: string; inventoryNumber: string; status: 'AVAILABLE' | 'LOANED' | 'MAINTENANCE' | 'RETIRED'; model: string | null };

/** Search results of step 1; an asset that cannot be lent is listed with why, but offers no choice. */
export function AssetPickList({ assets, query, total }: { assets: PickableAsset[]; query: string; total: number }) {
  if (assets.length === 0) {
    return <EmptyState title={query ? `Nothing matches “${query}”` : 'No assets yet'} description="Try fewer or different words, or scan the asset’s QR label." />;
  }
  return (
    <div>
      <p className="mb-2 text-xs text-slate-600" data-testid="asset-result-count">
        {query ? `${total} ${total === 1 ? 'match' : 'matches'}${total > assets.length ? `, showing the first ${assets.length}` : ''}` : 'Recently added assets'}
      </p>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" data-testid="asset-results">
        {assets.map((asset) => {
          const lendable = asset.status === 'AVAILABLE' || asset.status === 'LOANED';
          return (
            <li key={asset.id} className="flex items-center justify-between gap-3 px-4 py-3" data-testid="asset-result">
              <div className="min-w-0">
                <p className="truncate text-sm font-semibold text-slate-900">{asset.name}</p>
                <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                  <span className="font-mono">{asset.inventoryNumber}</span>
                  {asset.model ? <span>{asset.model}</span> : null}
                  <AssetStatusBadge status={asset.status} />
                </p>
              </div>
              {lendable ? (
                <Link
                  href={`/loans/new?assetId=${asset.id}`}
                  className="shrink-0 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-900 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand"
                  aria-label={`Choose ${asset.name}`}
                >
                  Choose
                </Link>
              ) : (
                <span className="shrink-0 text-xs text-slate-500">Not lendable</span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
