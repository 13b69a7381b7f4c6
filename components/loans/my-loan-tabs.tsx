import Link from 'next/link';
import { cn } from '@/components/ui/cn';
import type { MyLoanTab } from '@/lib/lending/loans/list-my-loans';

const labels: Record<MyLoanTab, string> = { active: 'Active', pending: 'Pending', history: 'History' };

/** Tabs as links: each tab is its own URL, so it can be bookmarked, shared from an e-mail and reloaded. */
export function MyLoanTabs({ current, counts }: { current: MyLoanTab; counts: Record<MyLoanTab, number> }) {
  return (
    <nav aria-label="Loan lists" className="mb-4 border-b border-slate-200">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {(Object.keys(labels) as MyLoanTab[]).map((tab) => (
          <li key={tab}>
            <Link
              href={`/loans?tab=${tab}`}
              aria-current={tab === current ? 'page' : undefined}
              className={cn(
                'inline-flex items-center gap-2 border-b-2 px-4 py-2.5 text-sm font-medium whitespace-nowrap',
                tab === current ? 'border-brand text-slate-900' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
              )}
            >
              {labels[tab]}
              <span className={cn('rounded-full px-2 py-0.5 text-xs', tab === current ? 'bg-brand text-brand-foreground' : 'bg-slate-100 text-slate-700')} data-testid={`tab-count-${tab}`}>
                {counts[tab]}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
