import { Card, CardHeader } from '@/components/ui/card';
import { buttonClasses } from '@/components/ui/button';
import type { OverdueLoan } from '@/lib/transport/dashboard/list-overdue-loans';
import { formatDate } from '@/lib/platform/format/dates';
import { Icon } from './icons';

function contactHref(loan: OverdueLoan, organisationName: string): string {
  const subject = `Overdue: please return ${loan.assetName} (${loan.inventoryNumber})`;
  const body =
    `Hello ${loan.borrowerName},\n\n` +
    `our records show that ${loan.assetName} (${loan.inventoryNumber}) was due back on ${formatDate(loan.endDate)}. ` +
    `Please return it as soon as possible, or reply if you need more time.\n\nThank you,\n${organisationName}`;
  return `mailto:${encodeURIComponent(loan.borrowerEmail ?? '')}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** Loans past their return date, with a prefilled e-mail to the borrower. */
export function OverdueLoansCard({ loans, organisationName }: { loans: OverdueLoan[]; organisationName: string }) {
  return (
    <Card aria-labelledby="overdue-heading">
      <CardHeader id="overdue-heading" title="Overdue loans" description={loans.length === 0 ? 'Everything is back on time.' : 'Longest overdue first.'} />
      {loans.length === 0 ? (
        <p className="px-5 py-6 text-sm text-slate-600">No overdue loans.</p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="overdue-loans">
          {loans.map((loan) => (
            <li key={loan.id} data-testid="overdue-loan" data-loan-id={loan.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
              <div className="min-w-0">
                <p className="text-sm font-semibold text-slate-900">{loan.assetName}</p>
                <p className="mt-0.5 text-xs text-slate-600">
                  <span className="font-medium text-slate-800">{loan.borrowerName}</span>
                  <span aria-hidden="true"> · </span>
                  due {formatDate(loan.endDate)}
                  <span aria-hidden="true"> · </span>
                  <span className="font-semibold text-red-700">
                    {loan.daysOverdue} {loan.daysOverdue === 1 ? 'day' : 'days'} overdue
                  </span>
                </p>
              </div>
              {loan.borrowerEmail ? (
                <a href={contactHref(loan, organisationName)} className={buttonClasses('secondary', 'sm')} aria-label={`E-mail ${loan.borrowerName} about ${loan.assetName}`}>
                  <Icon name="mail" className="h-4 w-4" />
                  Contact
                </a>
              ) : (
                <span className="text-xs text-slate-500">No e-mail address</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
