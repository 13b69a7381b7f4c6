import Link from 'next/link';
import { formatDate } from '@/components/dashboard/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { CursorPager } from '@/components/ui/cursor-pager';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/field';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import type { LoanView, OrganisationLoan, OrganisationLoansPage } from '@/lib/lending/loans/list-organisation-loans';
import { LoanStatusBadge } from './loan-status-badge';

const views: { view: LoanView; label: string; empty: string }[] = [
  { view: 'awaiting', label: 'Awaiting approval', empty: 'No request or extension waits for a decision.' },
  { view: 'due_today', label: 'Due today', empty: 'No loan ends today.' },
  { view: 'overdue', label: 'Overdue', empty: 'No loan is overdue.' },
  { view: 'active', label: 'Active', empty: 'Nothing is out on loan.' },
  { view: 'all', label: 'All', empty: 'No loans yet.' },
];

/** The address of a view: each tab, search and page is a link that can be shared. */
export function loansViewHref(view: LoanView, q?: string, cursor?: string): string {
  const search = new URLSearchParams({ view });
  if (q) search.set('q', q);
  if (cursor) search.set('cursor', cursor);
  return `/loans?${search.toString()}`;
}

function Tabs({ current, counts, q }: { current: LoanView; counts: OrganisationLoansPage['counts']; q?: string }) {
  const tabClass = (active: boolean) =>
    cn(
      'inline-flex items-center gap-2 border-b-2 px-4 py-2.5 text-sm font-medium whitespace-nowrap',
      active ? 'border-brand text-slate-900' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
    );
  return (
    <nav aria-label="Loan lists" className="mb-4 border-b border-slate-200">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {views.map(({ view, label }) => (
          <li key={view}>
            <Link href={loansViewHref(view, q)} aria-current={view === current ? 'page' : undefined} className={tabClass(view === current)}>
              {label}
              <span className={cn('rounded-full px-2 py-0.5 text-xs', view === current ? 'bg-brand text-brand-foreground' : 'bg-slate-100 text-slate-700')} data-testid={`view-count-${view}`}>
                {counts[view]}
              </span>
            </Link>
          </li>
        ))}
        <li className="ml-auto">
          <Link href="/loans?tab=active" className={tabClass(false)}>
            My loans
          </Link>
        </li>
      </ul>
    </nav>
  );
}

function Dates({ loan }: { loan: OrganisationLoan }) {
  return (
    <>
      {formatDate(loan.startDate)} – {formatDate(loan.endDate)}
      {loan.extensionRequestedEndDate ? (
        <span className="mt-1 block text-xs text-amber-800" data-testid="extension-request">
          Extension asked: {formatDate(loan.endDate)} → {formatDate(loan.extensionRequestedEndDate)}
        </span>
      ) : null}
    </>
  );
}

/** Everyone's loans for asset managers: one tab per question they ask, a search, and keyset pages. */
export function OrganisationLoans({ page, q, cursor }: { page: OrganisationLoansPage; q?: string; cursor?: string }) {
  const current = views.find((v) => v.view === page.view)!;
  return (
    <>
      <Tabs current={page.view} counts={page.counts} q={q} />
      <form action="/loans" method="get" role="search" aria-label="Search loans" className="mb-4 flex flex-col gap-2 sm:flex-row">
        <input type="hidden" name="view" value={page.view} />
        <label htmlFor="loan-search" className="sr-only">
          Search by borrower or asset
        </label>
        <Input id="loan-search" name="q" type="search" defaultValue={q ?? ''} maxLength={200} placeholder="Borrower name or e-mail, asset name or inventory number" className="sm:flex-1" />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      <Card aria-label={`${current.label} loans`}>
        {page.loans.length === 0 ? (
          <div className="p-5">
            <EmptyState title={q ? `No loans match “${q}” here.` : current.empty} />
          </div>
        ) : (
          <Table data-testid="organisation-loans">
            <THead>
              <TR>
                <TH>Asset</TH>
                <TH>Borrower</TH>
                <TH>Dates</TH>
                <TH>Status</TH>
              </TR>
            </THead>
            <TBody>
              {page.loans.map((loan) => (
                <TR key={loan.id} data-testid="organisation-loan" data-loan-id={loan.id}>
                  <TD>
                    <Link href={`/loans/${loan.id}`} className="font-medium text-slate-900 hover:text-brand hover:underline">
                      {loan.assetName}
                    </Link>
                    <span className="block font-mono text-xs text-slate-600">{loan.inventoryNumber}</span>
                  </TD>
                  <TD>
                    {loan.borrowerName}
                    {loan.borrowerEmail ? <span className="block text-xs text-slate-600">{loan.borrowerEmail}</span> : null}
                  </TD>
                  <TD className="text-sm">
                    <Dates loan={loan} />
                  </TD>
                  <TD>
                    <span className="flex flex-wrap gap-1">
                      <LoanStatusBadge status={loan.status} />
                      {loan.overdue ? <Badge tone="danger">Overdue</Badge> : null}
                    </span>
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
        <CursorPager firstHref={cursor ? loansViewHref(page.view, q) : null} nextHref={page.nextCursor ? loansViewHref(page.view, q, page.nextCursor) : null} />
      </Card>
    </>
  );
}
