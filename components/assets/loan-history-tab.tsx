import Link from 'next/link';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field, Input } from '@/components/ui/field';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import type { Page } from '@/lib/platform/pagination';
import type { Loan } from '@/lib/lending/loans/schemas';
import { formatDate } from '@/lib/platform/format/dates';

const statusTones: Record<string, { label: string; tone: BadgeTone }> = {
  PENDING_APPROVAL: { label: 'Pending', tone: 'warning' },
  APPROVED: { label: 'Approved', tone: 'info' },
  ACTIVE: { label: 'Active', tone: 'success' },
  RETURNED: { label: 'Returned', tone: 'neutral' },
  REJECTED: { label: 'Rejected', tone: 'danger' },
  CANCELLED: { label: 'Cancelled', tone: 'neutral' },
};

export type LoanHistoryFilters = { from: string; to: string; cursor: string };

type Props = { assetId: string; page: Page<Loan> | null; names: Map<string, string>; filters: LoanHistoryFilters; ownOnly: boolean };

function hrefOf(assetId: string, filters: Omit<LoanHistoryFilters, 'cursor'>, cursor?: string): string {
  const search = new URLSearchParams({ tab: 'loans' });
  if (filters.from) search.set('from', filters.from);
  if (filters.to) search.set('to', filters.to);
  if (cursor) search.set('cursor', cursor);
  return `/assets/${assetId}?${search.toString()}`;
}

export function LoanHistoryTab({ assetId, page, names, filters, ownOnly }: Props) {
  const filtered = Boolean(filters.from || filters.to);
  return (
    <Card aria-labelledby="loan-history-heading">
      <CardHeader
        id="loan-history-heading"
        title="Loan history"
        description={
          page
            ? `${page.pagination.total} ${page.pagination.total === 1 ? 'loan' : 'loans'}${filtered ? ' in this period' : ''}${ownOnly ? ' of yours' : ''}, newest first`
            : undefined
        }
      />
      <CardBody className="border-b border-slate-100">
        <form role="search" aria-label="Filter loans by period" action={`/assets/${assetId}`} className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="tab" value="loans" />
          <Field label="From" htmlFor="loans-from" className="w-full sm:w-44">
            <Input id="loans-from" name="from" type="date" defaultValue={filters.from} />
          </Field>
          <Field label="To" htmlFor="loans-to" className="w-full sm:w-44">
            <Input id="loans-to" name="to" type="date" defaultValue={filters.to} />
          </Field>
          <div className="flex gap-2">
            <button type="submit" className={buttonClasses('primary')}>
              Show loans
            </button>
            {filtered ? (
              <Link href={hrefOf(assetId, { from: '', to: '' })} className={buttonClasses('ghost')}>
                Clear
              </Link>
            ) : null}
          </div>
        </form>
      </CardBody>
      {!page ? (
        <p role="alert" className="m-5 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          This period is not valid. Choose a start and end date, the end not before the start.
        </p>
      ) : page.data.length === 0 ? (
        <div className="p-5">
          <EmptyState title="No loans" description={filtered ? 'No loans overlap this period.' : 'This asset has not been lent yet.'} />
        </div>
      ) : (
        <Table data-testid="asset-loan-history">
          <THead>
            <tr>
              <TH>Borrower</TH>
              <TH>Period</TH>
              <TH>Status</TH>
              <TH>Purpose</TH>
            </tr>
          </THead>
          <TBody>
            {page.data.map((loan) => {
              const status = statusTones[loan.status] ?? { label: loan.status, tone: 'neutral' as const };
              return (
                <TR key={loan.id} data-testid="asset-loan-row">
                  <TD className="font-medium text-slate-900">{names.get(loan.requesterId) ?? 'Former user'}</TD>
                  <TD className="whitespace-nowrap">
                    {formatDate(loan.startDate)} – {formatDate(loan.endDate)}
                  </TD>
                  <TD>
                    <Badge tone={loan.overdue ? 'danger' : status.tone}>{loan.overdue ? 'Overdue' : status.label}</Badge>
                  </TD>
                  <TD className="max-w-xs truncate text-slate-600">
                    <Link href={`/loans/${loan.id}`} className="underline-offset-2 hover:underline">
                      {loan.purpose}
                    </Link>
                  </TD>
                </TR>
              );
            })}
          </TBody>
        </Table>
      )}
      {page && (filters.cursor || page.pagination.hasMore) ? (
        <nav aria-label="Pages" className="flex items-center justify-between gap-3 border-t border-slate-100 px-5 py-3">
          {filters.cursor ? (
            <Link href={hrefOf(assetId, filters)} className={buttonClasses('ghost', 'sm')}>
              ← Newest
            </Link>
          ) : (
            <span />
          )}
          {page.pagination.nextCursor ? (
            <Link href={hrefOf(assetId, filters, page.pagination.nextCursor)} className={buttonClasses('secondary', 'sm')}>
              Older loans →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </Card>
  );
}
