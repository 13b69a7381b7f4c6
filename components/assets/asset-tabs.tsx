import Link from 'next/link';
import { cn } from '@/components/ui/cn';

export const assetTabs = [
  { id: 'overview', label: 'Overview' },
  { id: 'specification', label: 'Specification' },
  { id: 'loans', label: 'Loan history' },
  { id: 'maintenance', label: 'Repairs & maintenance' },
  { id: 'audit', label: 'Audit log' },
] as const;
export type AssetTab = (typeof assetTabs)[number]['id'];

/**
 * Tabs as links, so every tab has its own shareable address and works without JavaScript; the ARIA tab roles
 * tell screen readers which panel is shown.
 */
export function AssetTabs({ assetId, current, tabs, scan }: { assetId: string; current: AssetTab; tabs: readonly AssetTab[]; scan?: string }) {
  return (
    <nav aria-label="Asset sections" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <div role="tablist" aria-label="Asset sections" className="flex min-w-max gap-1 border-b border-slate-200">
        {assetTabs
          .filter((tab) => tabs.includes(tab.id))
          .map((tab) => {
            const selected = tab.id === current;
            const search = new URLSearchParams({ tab: tab.id });
            if (scan) search.set('scan', scan);
            return (
              <Link
                key={tab.id}
                href={`/assets/${assetId}?${search.toString()}`}
                role="tab"
                id={`tab-${tab.id}`}
                aria-selected={selected}
                aria-controls="asset-tab-panel"
                scroll={false}
                className={cn(
                  '-mb-px border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition',
                  selected ? 'border-brand text-slate-900' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
                )}
              >
                {tab.label}
              </Link>
            );
          })}
      </div>
    </nav>
  );
}
