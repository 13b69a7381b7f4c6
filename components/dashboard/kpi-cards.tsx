import Link from 'next/link';
import { cn } from '@/components/ui/cn';
import type { ManagerKpis } from '@/lib/transport/dashboard/get-manager-kpis';
import { formatNumber } from './format';

type Kpi = { key: keyof ManagerKpis; label: string; hint: string; href: string; urgentWhenAny?: boolean };

// Each figure opens the list it counts.
const kpis: Kpi[] = [
  { key: 'totalAssets', label: 'Total assets', hint: 'in the inventory', href: '/assets' },
  { key: 'activeLoans', label: 'Active loans', hint: 'handed out now', href: '/loans?view=active' },
  { key: 'awaitingApproval', label: 'Awaiting approval', hint: 'requests to decide', href: '/loans?view=awaiting' },
  { key: 'overdue', label: 'Overdue', hint: 'past their return date', href: '/loans?view=overdue', urgentWhenAny: true },
];

export function KpiCards({ values }: { values: ManagerKpis }) {
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Key figures">
      {kpis.map((kpi) => {
        const value = values[kpi.key];
        const urgent = kpi.urgentWhenAny && value > 0;
        return (
          <li key={kpi.key}>
            <Link
              href={kpi.href}
              aria-label={`${kpi.label}: ${formatNumber(value)} ${kpi.hint}`}
              className={cn(
                'block h-full rounded-xl border bg-white p-4 shadow-sm transition hover:border-brand hover:shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand',
                urgent ? 'border-red-200 ring-1 ring-red-100' : 'border-slate-200',
              )}
            >
              <span className="block text-xs font-semibold uppercase tracking-wide text-slate-600">{kpi.label}</span>
              <span className={cn('mt-2 block text-3xl font-semibold tabular-nums', urgent ? 'text-red-700' : 'text-slate-900')} data-testid={`kpi-${kpi.key}`}>
                {formatNumber(value)}
              </span>
              <span className="mt-1 block text-xs text-slate-600">
                {kpi.hint} <span aria-hidden="true">→</span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
