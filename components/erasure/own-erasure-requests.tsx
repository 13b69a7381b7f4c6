import { LocalDateTime } from '@/components/portal/local-date-time';
import { formatDate } from '@/lib/platform/format/dates';
import { describeErasedFields } from '@/lib/privacy/erasure/deletion-requests/field-labels';
import type { DataDeletionRequest } from '@/lib/privacy/erasure/deletion-requests/schemas';
import { ErasureStatusBadge } from './erasure-status-badge';

const next: Record<DataDeletionRequest['status'], string> = {
  pending: 'An administrator will contact you by phone, video or in person to confirm it is really you. Nothing is erased before that.',
  verified: 'Your identity is confirmed. The erasure is queued and runs within minutes.',
  in_progress: 'Your data is being erased now.',
  completed: 'Done. A confirmation was e-mailed to you.',
  rejected: 'Nothing was erased.',
};

/** The subject's own requests: where each stands, what happens next, and by when. */
export function OwnErasureRequests({ requests }: { requests: DataDeletionRequest[] }) {
  return (
    <>
      <h3 className="border-t border-slate-100 px-5 pt-4 text-sm font-semibold text-slate-900">Your erasure requests</h3>
      <ul className="divide-y divide-slate-100" aria-label="Your erasure requests">
        {requests.map((request) => (
          <li key={request.id} data-request-id={request.id} className="space-y-1.5 px-5 py-4 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <ErasureStatusBadge status={request.status} />
              <span className="text-slate-900">
                {request.scope === 'full' ? 'Erase everything' : `Erase ${describeErasedFields(request.partialFields)}`}, requested <LocalDateTime value={request.requestedAt} />
              </span>
            </div>
            <p className="text-slate-700">{next[request.status]}</p>
            {request.status === 'rejected' && request.rejectionReason ? (
              <p className="rounded-md bg-slate-50 px-3 py-2 text-slate-800">
                <span className="font-medium">Reason given: </span>
                {request.rejectionReason}
              </p>
            ) : null}
            {request.status === 'pending' || request.status === 'verified' || request.status === 'in_progress' ? (
              <p className="text-slate-600">
                {request.targetDueAt
                  ? `We aim to finish by ${formatDate(request.targetDueAt)}; the legal deadline is ${formatDate(request.legalDueAt)}.`
                  : `The legal deadline is ${formatDate(request.legalDueAt)}.`}
              </p>
            ) : null}
            {request.completedAt ? <p className="text-slate-600">Completed <LocalDateTime value={request.completedAt} />.</p> : null}
          </li>
        ))}
      </ul>
    </>
  );
}
