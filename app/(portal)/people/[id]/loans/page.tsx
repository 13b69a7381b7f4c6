import Link from 'next/link';
import { redirect } from 'next/navigation';
import { LoanStatusBadge } from '@/components/loans/loan-status-badge';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { CursorPager } from '@/components/ui/cursor-pager';
import { EmptyState } from '@/components/ui/empty-state';
import { listAssetNames } from '@/lib/lending/assets/list-asset-names';
import { listLoans } from '@/lib/lending/loans/list-loans';
import { ValidationError } from '@/lib/platform/core/errors';
import { formatDate } from '@/lib/platform/format/dates';
import { loadPersonTab } from '@/lib/transport/portal/load-person-page';
import { withPortalTransaction } from '@/lib/transport/portal/portal-context';

export const metadata = { title: 'Loans' };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };
const PAGE_SIZE = 20;

/** The loans of the person's account: listLoans, the API's rule (their own, or an asset manager's view of anyone's). */
export default async function PersonLoansPage({ params, searchParams }: Props) {
  const { portal, person, account } = await loadPersonTab((await params).id, 'loans');
  const base = `/people/${person.id}/loans`;
  const raw = (await searchParams).cursor;
  const cursor = typeof raw === 'string' && raw.length <= 512 ? raw : undefined;
  const { page, names } = await withPortalTransaction(portal, async (tx, ctx) => {
    const loans = await listLoans(tx, ctx, { userId: account!.userId, cursor, limit: PAGE_SIZE });
    return { page: loans, names: await listAssetNames(tx, ctx.organisationId, loans.data.map((loan) => loan.assetId)) };
  }).catch((error: unknown) => {
    // A stale cursor in a shared link starts the list again.
    if (error instanceof ValidationError && cursor) redirect(base);
    throw error;
  });
  return (
    <Card aria-labelledby="loans-heading">
      <CardHeader id="loans-heading" title="Loans" description={`${page.pagination.total} ${page.pagination.total === 1 ? 'loan' : 'loans'}, newest first`} />
      {page.data.length === 0 ? (
        <div className="p-5">
          <EmptyState title="No loans" description={`${person.firstName} has not borrowed anything yet.`} />
        </div>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="person-loans">
          {page.data.map((loan) => (
            <li key={loan.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3">
              <div className="min-w-0">
                <Link href={`/loans/${loan.id}`} className="text-sm font-medium text-slate-900 underline-offset-2 hover:underline">
                  {names.get(loan.assetId) ?? 'An asset'}
                </Link>
                <p className="text-xs text-slate-600">
                  {formatDate(loan.startDate)} to {formatDate(loan.endDate)}
                  {loan.purpose ? ` · ${loan.purpose}` : ''}
                </p>
              </div>
              <div className="flex items-center gap-2">
                {loan.overdue ? <Badge tone="danger">Overdue</Badge> : null}
                <LoanStatusBadge status={loan.status} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <CursorPager firstHref={cursor ? base : null} nextHref={page.pagination.nextCursor ? `${base}?cursor=${encodeURIComponent(page.pagination.nextCursor)}` : null} />
    </Card>
  );
}
