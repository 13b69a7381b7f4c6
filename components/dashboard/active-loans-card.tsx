import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { ButtonLink } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import type { MyActiveLoan } from '@/lib/transport/dashboard/list-my-active-loans';
import { CountdownBadge } from './countdown-badge';
import { formatDate } from '@/lib/platform/format/dates';

/** The employee's approved and active loans with the time left on each. */
export function ActiveLoansCard({ loans }: { loans: MyActiveLoan[] }) {
  return (
    <Card aria-labelledby="my-loans-heading">
      <CardHeader
        id="my-loans-heading"
        title="My active loans"
        description={loans.length === 0 ? 'Nothing borrowed right now.' : `${loans.length} ${loans.length === 1 ? 'loan' : 'loans'}, the one due first on top.`}
        action={
          <Link href="/loans?tab=active" className="text-sm font-medium text-brand hover:underline">
            All my loans
          </Link>
        }
      />
      {loans.length === 0 ? (
        <div className="p-5">
          <EmptyState
            title="No active loans"
            description="Borrow equipment from the catalogue; approved loans show up here with their return date."
            action={<ButtonLink href="/loans/new" size="sm">Borrow an asset</ButtonLink>}
          />
        </div>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="my-active-loans">
          {loans.map((loan) => (
            <li key={loan.id} data-testid="my-active-loan" data-loan-id={loan.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-5 py-4">
              <div className="min-w-0">
                <p className="truncate text-sm font-semibold text-slate-900" data-testid="loan-asset-name">
                  {loan.assetName}
                </p>
                <p className="mt-0.5 text-xs text-slate-600">
                  <span className="font-mono">{loan.inventoryNumber}</span>
                  <span aria-hidden="true"> · </span>
                  {formatDate(loan.startDate)} – <span className="font-medium text-slate-800">return by {formatDate(loan.endDate)}</span>
                </p>
              </div>
              <div className="flex items-center gap-2">
                {loan.status === 'APPROVED' ? <Badge tone="info">Ready for pickup</Badge> : null}
                <CountdownBadge countdown={loan.countdown} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
