import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AuditEntryItem } from '@/components/audit/audit-entry-item';
import { RejectErasureForm, VerifyErasureForm } from '@/components/erasure/decide-erasure-forms';
import { describeDeadline } from '@/components/erasure/erasure-deadline';
import { ErasureStatusBadge } from '@/components/erasure/erasure-status-badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { listAuditEntries } from '@/lib/privacy/audit-log/list-audit-entries';
import { resolveAuditNames } from '@/lib/privacy/audit-log/resolve-audit-names';
import { DomainError } from '@/lib/platform/core/errors';
import { formatDateTime } from '@/lib/platform/format/dates';
import { rejectErasureRequestAction, verifyErasureRequestAction } from '@/lib/transport/portal/actions/erasure-actions';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { erasableFieldLabels, verificationMethodLabels } from '@/lib/privacy/erasure/deletion-requests/field-labels';
import { getDeletionRequest } from '@/lib/privacy/erasure/deletion-requests/list-deletion-requests';
import { DeletionRequestIdParams } from '@/lib/privacy/erasure/deletion-requests/schemas';

export const metadata = { title: 'Erasure request' };

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

export default async function ErasureRequestPage({ params }: { params: Promise<{ id: string }> }) {
  const portal = await requirePortalContext('ADMIN');
  const parsed = DeletionRequestIdParams.safeParse(await params);
  if (!parsed.success) notFound();
  const id = parsed.data.id;
  const { request, history, names } = await withPortalTransaction(portal, async (tx, ctx) => {
    const found = await getDeletionRequest(tx, ctx, id);
    const entries = await listAuditEntries(tx, ctx, { targetType: 'DATA_DELETION_REQUEST', targetId: id, limit: 50 });
    return { request: found, history: entries.data.toReversed(), names: await resolveAuditNames(tx, ctx.organisationId, entries.data) };
  }).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === 'not_found') notFound();
    throw error;
  });
  const ownRequest = request.personId === portal.user.personId;
  // Four eyes (lib/privacy/erasure/deletion-requests/verify-deletion-request.ts): whoever filed it may reject it, not verify it.
  const filedByMe = request.requestedByUserId === portal.user.id;
  const userName = (userId: string | null) => (userId ? (names.users[userId] ?? 'a former user') : '—');
  return (
    <>
      <PageHeader title={`Erasure request: ${request.personName}`} description={describeDeadline(request)} />
      <p className="mb-4 text-sm">
        <Link href="/admin/erasure-requests" className="font-medium text-brand underline-offset-2 hover:underline">
          ← All erasure requests
        </Link>
      </p>
      <div className="space-y-6">
        <Card aria-labelledby="request-heading">
          <CardHeader id="request-heading" title="Request" action={<ErasureStatusBadge status={request.status} overdue={request.overdue} />} />
          <CardBody>
            <dl className="space-y-3">
              <Fact label="Person">{request.personName}</Fact>
              <Fact label="Erase">
                {request.scope === 'full' ? (
                  'Everything (full erasure)'
                ) : (
                  <ul className="list-disc pl-5">
                    {request.partialFields.map((field) => (
                      <li key={field}>{erasableFieldLabels[field]}</li>
                    ))}
                  </ul>
                )}
              </Fact>
              <Fact label="Requested">
                {formatDateTime(request.requestedAt)}
                {request.requestedByUserId && request.requestedByUserId !== request.verifiedByUserId ? ` by ${userName(request.requestedByUserId)}` : ''}
              </Fact>
              <Fact label="Legal limit">{formatDateTime(request.legalDueAt)}</Fact>
              <Fact label="Target">{request.targetDueAt ? formatDateTime(request.targetDueAt) : 'Starts when the identity is verified (7 days)'}</Fact>
              {request.verifiedAt ? (
                <Fact label="Identity verified">
                  {formatDateTime(request.verifiedAt)}, {request.verificationMethod ? verificationMethodLabels[request.verificationMethod].toLowerCase() : ''}, by {userName(request.verifiedByUserId)}
                  {request.verificationNote ? <span className="block text-slate-600">“{request.verificationNote}”</span> : null}
                </Fact>
              ) : null}
              {request.rejectedAt ? (
                <Fact label="Rejected">
                  {formatDateTime(request.rejectedAt)}: <span className="text-slate-700">{request.rejectionReason}</span>
                </Fact>
              ) : null}
              {request.startedAt ? <Fact label="Erasure started">{formatDateTime(request.startedAt)}</Fact> : null}
              {request.completedAt ? <Fact label="Completed">{formatDateTime(request.completedAt)}; the person was sent a confirmation.</Fact> : null}
              {request.attempts > 0 && request.status !== 'completed' ? (
                <Fact label="Progress">
                  {request.attempts} {request.attempts === 1 ? 'attempt' : 'attempts'} so far; retried automatically every few minutes.
                  {request.lastError ? <span className="block text-red-800">Last error: {request.lastError}</span> : null}
                </Fact>
              ) : null}
            </dl>
          </CardBody>
        </Card>
        {request.status === 'pending' && ownRequest ? (
          <p role="note" className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900">
            This request is about you. Another administrator has to verify or reject it.
          </p>
        ) : null}
        {request.status === 'pending' && !ownRequest && filedByMe ? (
          <p role="note" className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="four-eyes-note">
            You filed this request on the person&apos;s behalf, so another administrator has to verify it: an erasure cannot be undone, so it always takes two people. You
            can still reject it.
          </p>
        ) : null}
        {request.status === 'pending' && !ownRequest ? (
          <div className="grid gap-6 lg:grid-cols-2">
            {filedByMe ? null : (
              <Card aria-labelledby="verify-heading">
                <CardHeader id="verify-heading" title="Verify identity" description="Contact the person by phone, video or in person and make sure they are who they say they are." />
                <CardBody>
                  <VerifyErasureForm id={request.id} action={verifyErasureRequestAction} />
                </CardBody>
              </Card>
            )}
            <Card aria-labelledby="reject-heading">
              <CardHeader id="reject-heading" title="Reject" description="If the identity cannot be confirmed, or the law requires the data to be kept." />
              <CardBody>
                <RejectErasureForm id={request.id} action={rejectErasureRequestAction} />
              </CardBody>
            </Card>
          </div>
        ) : null}
        <Card aria-labelledby="history-heading">
          <CardHeader id="history-heading" title="History" description="Oldest first." />
          <ol className="divide-y divide-slate-100" aria-label="History of the request">
            {history.map((entry) => (
              <AuditEntryItem key={entry.id} entry={entry} names={names} showChanges={false} />
            ))}
          </ol>
        </Card>
      </div>
    </>
  );
}
