import Link from 'next/link';
import { cache, type ReactNode } from 'react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { HandOverButton } from '@/components/assets/hand-over-button';
import { CountdownBadge } from '@/components/dashboard/countdown-badge';
import { actionLabel } from '@/components/audit/describe-audit-entry';
import { LoanActions } from '@/components/loans/loan-actions';
import { LoanStatusBadge } from '@/components/loans/loan-status-badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { FormMessage } from '@/components/ui/form-message';
import { PageHeader } from '@/components/ui/page-header';
import { hasRole } from '@/lib/platform/auth/roles';
import { DomainError } from '@/lib/platform/core/errors';
import { getLoanDetail } from '@/lib/lending/loans/get-loan-detail';
import { formatDate, formatDateTime } from '@/lib/platform/format/dates';
import { toIsoDate } from '@/lib/platform/time';
import { checkInLoanAction } from '@/lib/transport/portal/actions/loan-actions';
import { describeFiledRequest } from '@/lib/transport/portal/describe-filed-request';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// The title and the page read the same loan once per request.
const loadLoan = cache(async (id: string) => {
  const portal = await requirePortalContext();
  if (!uuid.test(id)) notFound();
  const loan = await withPortalTransaction(portal, (tx, ctx) => getLoanDetail(tx, ctx, id)).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === 'not_found') notFound();
    throw error;
  });
  return { portal, loan };
});

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { loan } = await loadLoan((await params).id);
  return { title: `Loan of ${loan.asset.name}` };
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm break-words text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** One loan for its requester or an approver: the facts, what happened when, and what can be done next. */
export default async function LoanPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { portal, loan } = await loadLoan((await params).id);
  const search = await searchParams;
  const filed = search.filed;
  const isManager = hasRole(portal.user.role, 'ASSET_MANAGER');
  // Who was told of a request just filed, by name: read back, so the page claims no more than happened.
  const told = (filed === 'emailed' || filed === 'queued') && loan.status === 'PENDING_APPROVAL' && loan.isRequester ? await withPortalTransaction(portal, (tx, ctx) => describeFiledRequest(tx, ctx, loan.id)) : '';
  const approver = loan.approverName ?? 'Any asset manager';
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={loan.asset.name}
        description={
          <>
            Loan for {loan.isRequester ? 'you' : loan.requesterName} · <span className="font-mono">{loan.asset.inventoryNumber}</span>
          </>
        }
        actions={
          <Link href={loan.isRequester ? '/loans?tab=active' : '/loans'} className="text-sm font-medium text-brand hover:underline">
            {loan.isRequester ? 'Back to my loans' : 'Back to loans'}
          </Link>
        }
      />
      {filed === 'emailed' || filed === 'queued' ? (
        <div aria-live="polite" className="mb-5">
          <FormMessage
            result={{
              ok: true,
              message:
                loan.status !== 'PENDING_APPROVAL'
                  ? 'Request approved automatically. Pick the asset up on the first day of the loan.'
                  : told
                    ? `Request sent. ${told} You hear back once it is decided.`
                    : `Request sent. It waits in ${loan.approverName ? `${loan.approverName}’s` : 'the asset managers’'} approval queue; you hear back once it is decided.`,
            }}
          />
        </div>
      ) : null}
      {search.done === 'checked-out' && loan.status === 'ACTIVE' ? (
        <div aria-live="polite" className="mb-5">
          <FormMessage result={{ ok: true, message: `Checked out at the desk. ${loan.requesterName} has ${loan.asset.name} until ${formatDate(loan.endDate)}.` }} />
        </div>
      ) : null}
      <div className="space-y-5">
        <Card aria-labelledby="loan-heading">
          <CardHeader
            id="loan-heading"
            title="Loan details"
            action={
              <div className="flex flex-wrap items-center gap-2" data-testid="loan-status">
                <LoanStatusBadge status={loan.status} />
                {loan.countdown ? <CountdownBadge countdown={loan.countdown} /> : null}
              </div>
            }
          />
          <CardBody className="space-y-5">
            <dl className="grid gap-4 sm:grid-cols-2">
              <Fact label="Asset">
                <Link href={`/assets/${loan.asset.id}`} className="font-medium text-brand hover:underline">
                  {loan.asset.name}
                </Link>
              </Fact>
              <Fact label="Dates" testId="loan-dates">
                {formatDate(loan.startDate)} – {formatDate(loan.endDate)}
              </Fact>
              <Fact label="Requested by">{loan.requesterName}</Fact>
              <Fact label="Approver" testId="loan-approver">
                {loan.decidedByName ? `${loan.decidedByName} (decided)` : approver}
              </Fact>
              <Fact label="Purpose" testId="loan-purpose">
                {loan.purpose}
              </Fact>
              {loan.rejectionReason ? <Fact label="Reason for rejection">{loan.rejectionReason}</Fact> : null}
              {loan.status === 'CANCELLED' && loan.cancellationReason ? (
                <Fact label="Reason for cancellation" testId="loan-cancellation-reason">
                  {loan.cancellationReason}
                </Fact>
              ) : null}
              {loan.extensionRequestedEndDate ? <Fact label="Extension requested">until {formatDate(loan.extensionRequestedEndDate)}</Fact> : null}
            </dl>
            <LoanActions
              loan={{ ...loan, assetName: loan.asset.name }}
              isRequester={loan.isRequester}
              canDecide={loan.canDecide}
              extensions={loan.extensions}
              today={toIsoDate(portal.now)}
              managerCancel={isManager && !loan.isRequester ? { borrowerName: loan.requesterName } : undefined}
            />
            {loan.status === 'ACTIVE' && isManager ? (
              <div className="space-y-2 rounded-lg bg-slate-50 p-3" data-testid="check-in">
                <p className="text-sm text-slate-700">Is {loan.asset.name} back with you? Check it in here instead of the borrower’s scan.</p>
                <HandOverButton action={checkInLoanAction} loanId={loan.id} assetId={loan.asset.id} label="Check in at the desk" pendingLabel="Checking in…" />
              </div>
            ) : null}
          </CardBody>
        </Card>
        <Card aria-labelledby="timeline-heading">
          <CardHeader id="timeline-heading" title="History" description="Every step of this loan, from the asset’s audit trail." />
          <CardBody>
            {loan.timeline.length === 0 ? (
              <p className="text-sm text-slate-600" data-testid="loan-timeline-empty">
                No steps recorded for this loan yet.
              </p>
            ) : (
              <ol className="space-y-4 border-l border-slate-200 pl-5" data-testid="loan-timeline">
                {loan.timeline.map((entry) => (
                  <li key={entry.id} className="relative">
                    <span className="absolute top-1.5 -left-[1.6rem] h-2.5 w-2.5 rounded-full bg-brand ring-4 ring-white" aria-hidden="true" />
                    <p className="text-sm font-medium text-slate-900">{actionLabel(entry.action)}</p>
                    <p className="text-xs text-slate-600">
                      <time dateTime={entry.occurredAt}>{formatDateTime(entry.occurredAt)}</time>
                      {entry.actorName ? ` · ${entry.actorName}` : ' · automatic'}
                    </p>
                    {entry.reason ? <p className="mt-0.5 text-sm break-words text-slate-700">“{entry.reason}”</p> : null}
                  </li>
                ))}
              </ol>
            )}
          </CardBody>
        </Card>
      </div>
    </div>
  );
}
