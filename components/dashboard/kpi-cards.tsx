import { cn } from '@/components/ui/cn';
import type { ManagerKpis } from '@/lib/dashboard/get-manager-kpis';
import { formatNumber } from './format';

type Kpi = { key: keyof ManagerKpis; label: string; hint: string; urgentWhenAny?: boolean };

const kpis: Kpi[] = [
  { key: 'totalAssets', label: 'Total assets', hint: 'in the inventory' },
  { key: 'activeLoans', label: 'Active loans', hint: 'handed out now' },
  { key: 'awaitingApproval', label: 'Awaiting approval', hint: 'requests to decide' },
  { key: 'overdue', label: 'Overdue', hint: 'past their return date', urgentWhenAny: true },
];

export function KpiCards({ values }: { values: ManagerKpis }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {kpis.map((kpi) => {
        const value = values[kpi.key];
        const urgent = kpi.urgentWhenAny && value > 0;
        return (
          <div key={kpi.key} className={cn('rounded-xl border bg-white p-4 shadow-sm', urgent ? 'border-red-200 ring-1 ring-red-100' : 'border-slate-200')}>
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{kpi.label}</dt>
            <dd className={cn('mt-2 text-3xl font-semibold tabular-nums', urgent ? 'text-red-700' : 'text-slate-900')} data-testid={`kpi-${kpi.key}`}>
              {formatNumber(value)}
            </dd>
            <dd className="mt-1 text-xs text-slate-600">{kpi.hint}</dd>
          </div>
        );
      })}
    </dl>
  );
}
