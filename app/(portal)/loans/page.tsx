import Link from 'next/link';
import { redirect } from 'next/navigation';
import { CountdownBadge } from '@/components/dashboard/countdown-badge';
import { formatDate } from '@/lib/platform/format/dates';
import { LoanActions } from '@/components/loans/loan-actions';
import { LoanStatusBadge } from '@/components/loans/loan-status-badge';
import { MyLoanTabs } from '@/components/loans/my-loan-tabs';
import { loansViewHref, OrganisationLoans } from '@/components/loans/organisation-loans';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { hasRole } from '@/lib/platform/auth/roles';
import { ValidationError } from '@/lib/platform/core/errors';
import { listMyLoans, type MyLoan, type MyLoanTab, myLoanTabs } from '@/lib/lending/loans/list-my-loans';
import { listOrganisationLoans, loanViews } from '@/lib/lending/loans/list-organisation-loans';
import { LoanFilter } from '@/lib/lending/loans/schemas';
import { getLoanPolicy } from '@/lib/lending/loans/policy';
import { toIsoDate } from '@/lib/platform/time';
import { type PortalContext, requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';

export async function generateMetadata() {
  const portal = await requirePortalContext();
  return { title: hasRole(portal.user.role, 'ASSET_MANAGER') ? 'Loans' : 'My loans' };
}

const ORGANISATION_PAGE_SIZE = 25;

type Params = Record<string, string | string[] | undefined>;

const single = (value: string | string[] | undefined): string => ((Array.isArray(value) ? value[0] : value) ?? '').trim();

/** Everyone's loans, for asset managers: /loans?view=awaiting|due_today|overdue|active|all&q=…&cursor=… */
async function OrganisationLoansPage({ params, portal }: { params: Params; portal: PortalContext }) {
  const view = loanViews.find((v) => v === single(params.view)) ?? 'awaiting';
  const parsedQ = LoanFilter.shape.q.safeParse(single(params.q) || undefined);
  const q = parsedQ.success ? parsedQ.data || undefined : undefined;
  const cursor = single(params.cursor) || undefined;
  const page = await withPortalTransaction(portal, (tx, ctx) => listOrganisationLoans(tx, ctx, { view, q, cursor, limit: ORGANISATION_PAGE_SIZE })).catch((error: unknown) => {
    // A stale or edited cursor in a shared link starts the same view from the newest loan.
    if (error instanceof ValidationError && cursor) redirect(loansViewHref(view, q));
    throw error;
  });
  return (
    <>
      <PageHeader
        title="Loans"
        description="Everyone’s loans: what waits for a decision, what is due back, and what is late. Open a loan to decide on it."
        actions={
          <>
            <ButtonLink href="/scan" variant="secondary">Scan QR code</ButtonLink>
            <ButtonLink href="/loans/new">Borrow an asset</ButtonLink>
          </>
        }
      />
      <OrganisationLoans page={page} q={q} cursor={cursor} />
    </>
  );
}

const empty: Record<MyLoanTab, { title: string; description: string }> = {
  active: { title: 'Nothing borrowed right now', description: 'Approved loans and the ones you have picked up show here with their return date.' },
  pending: { title: 'No open requests', description: 'Requests waiting for a decision show here; you can change or withdraw them until then.' },
  history: { title: 'No history yet', description: 'Returned, rejected and cancelled loans are kept here.' },
};

function LoanRow({ loan, extensions, today }: { loan: MyLoan; extensions: 'NOT_ALLOWED' | 'AUTOMATIC' | 'REQUIRES_APPROVAL'; today: string }) {
  return (
    <li className="px-5 py-4" data-testid="my-loan" data-loan-id={loan.id}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <Link href={`/loans/${loan.id}`} className="text-sm font-semibold text-slate-900 hover:text-brand hover:underline">
            {loan.assetName}
          </Link>
          <p className="mt-0.5 text-xs text-slate-600">
            <span className="font-mono">{loan.inventoryNumber}</span>
            <span aria-hidden="true"> · </span>
            {formatDate(loan.startDate)} – {formatDate(loan.endDate)}
          </p>
          <p className="mt-1 text-sm text-slate-700">“{loan.purpose}”</p>
          {loan.rejectionReason ? <p className="mt-1 text-sm text-red-800">Reason: {loan.rejectionReason}</p> : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <LoanStatusBadge status={loan.status} />
          {loan.countdown ? <CountdownBadge countdown={loan.countdown} /> : null}
        </div>
      </div>
      {loan.status === 'PENDING_APPROVAL' || loan.status === 'APPROVED' || loan.status === 'ACTIVE' ? (
        <div className="mt-3">
          <LoanActions loan={loan} isRequester canDecide={false} extensions={extensions} today={today} />
        </div>
      ) : null}
    </li>
  );
}

/**
 * My loans: active, pending and past loans of the signed-in person, one tab each (/loans?tab=…). Asset managers
 * land on everyone's loans instead, with their own a tab away.
 */
export default async function LoansPage({ searchParams }: { searchParams: Promise<Params> }) {
  const portal = await requirePortalContext();
  const params = await searchParams;
  if (hasRole(portal.user.role, 'ASSET_MANAGER') && !params.tab) return <OrganisationLoansPage params={params} portal={portal} />;
  const tab = myLoanTabs.find((t) => t === params.tab) ?? 'active';
  const page = Math.max(1, Math.min(10_000, Number.parseInt(typeof params.page === 'string' ? params.page : '1', 10) || 1));
  const { result, extensions } = await withPortalTransaction(portal, async (tx, ctx) => ({
    result: await listMyLoans(tx, ctx, { tab, page }),
    extensions: (await getLoanPolicy(tx, ctx.organisationId)).extensions,
  }));
  const today = toIsoDate(portal.now);
  return (
    <>
      <PageHeader
        title="My loans"
        description="What you have borrowed, what you have asked for, and what you gave back."
        actions={
          <>
            {hasRole(portal.user.role, 'ASSET_MANAGER') ? <ButtonLink href="/loans" variant="secondary">Everyone’s loans</ButtonLink> : null}
            <ButtonLink href="/scan" variant="secondary">Scan QR code</ButtonLink>
            <ButtonLink href="/loans/new">Borrow an asset</ButtonLink>
          </>
        }
      />
      <MyLoanTabs current={tab} counts={result.counts} />
      <Card aria-label={`${tab} loans`}>
        {result.loans.length === 0 ? (
          <div className="p-5">
            <EmptyState title={empty[tab].title} description={empty[tab].description} action={tab === 'history' ? null : <ButtonLink href="/loans/new" size="sm">Borrow an asset</ButtonLink>} />
          </div>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="my-loans">
            {result.loans.map((loan) => (
              <LoanRow key={loan.id} loan={loan} extensions={extensions} today={today} />
            ))}
          </ul>
        )}
      </Card>
      {result.pageCount > 1 ? (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm">
          {result.page > 1 ? <ButtonLink href={`/loans?tab=${tab}&page=${result.page - 1}`} variant="secondary" size="sm">Previous</ButtonLink> : <span />}
          <span className="text-slate-600">
            Page {result.page} of {result.pageCount}
          </span>
          {result.page < result.pageCount ? <ButtonLink href={`/loans?tab=${tab}&page=${result.page + 1}`} variant="secondary" size="sm">Next</ButtonLink> : <span />}
        </nav>
      ) : null}
    </>
  );
}
