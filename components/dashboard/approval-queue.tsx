'use client';

import Link from 'next/link';
import { useId, useState } from 'react';
import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { QueuedLoan } from '@/lib/transport/dashboard/list-approval-queue';
import type { ActionResult } from '@/lib/transport/portal/action-result';
import type { ActionOutcome } from '@/lib/transport/portal/portal-action';
import { formatDate } from './format';

/** A decision answers with who was told about it (empty when nobody could be). */
export type DecisionAction = (previous: unknown, formData: FormData) => Promise<ActionOutcome<{ message: string; told: string }>>;
type Props = { loans: QueuedLoan[]; approveAction: DecisionAction; rejectAction: DecisionAction };

/**
 * Pending requests and extensions with one-click decisions. The outcome is announced above the list, because a decided
 * request leaves the list (and with it anything written inside its row).
 */
export function ApprovalQueue({ loans, approveAction, rejectAction }: Props) {
  const [outcome, setOutcome] = useState<ActionResult | null>(null);
  return (
    <div>
      <div aria-live="polite" className={outcome ? 'px-5 pt-4' : undefined}>
        <FormMessage result={outcome} />
      </div>
      {loans.length === 0 ? (
        <p className="px-5 py-6 text-sm text-slate-600" data-testid="approval-queue-empty">
          Nothing waits for your decision. New requests and extensions appear here as soon as they are filed.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="approval-queue">
          {loans.map((loan) => (
            <QueueRow key={loan.id} loan={loan} approveAction={approveAction} rejectAction={rejectAction} onDecided={setOutcome} />
          ))}
        </ul>
      )}
    </div>
  );
}

type RowProps = { loan: QueuedLoan; approveAction: DecisionAction; rejectAction: DecisionAction; onDecided: (result: ActionResult) => void };

function QueueRow({ loan, approveAction, rejectAction, onDecided }: RowProps) {
  const reasonId = useId();
  const [rejecting, setRejecting] = useState(false);
  const what = loan.kind === 'extension' ? 'extension' : 'request';
  const decide = (action: DecisionAction, verb: string) => async (previous: ActionResult | null, formData: FormData): Promise<ActionResult> => {
    const result = await action(previous, formData);
    if (result.ok) onDecided({ ok: true, message: `${verb} ${loan.requesterName}’s ${what} for ${loan.assetName}. ${result.told}`.trim() });
    return result;
  };
  const approval = useActionForm(decide(approveAction, 'Approved'));
  const rejection = useActionForm(decide(rejectAction, 'Rejected'));
  const reasonError = rejection.error('reason');
  const failure = approval.result?.ok === false ? approval.result : rejection.result?.ok === false && !reasonError ? rejection.result : null;

  return (
    <li className="px-5 py-4" data-testid="approval-request" data-loan-id={loan.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-slate-900">
            <Link href={`/loans/${loan.id}`} className="hover:text-brand hover:underline">
              {loan.assetName}
            </Link>
            {loan.kind === 'extension' ? (
              <Badge tone="warning" className="ml-2 align-middle">
                Extension
              </Badge>
            ) : null}
          </p>
          <p className="mt-0.5 text-xs text-slate-600">
            <span className="font-medium text-slate-800">{loan.requesterName}</span>
            <span aria-hidden="true"> · </span>
            {loan.kind === 'extension' && loan.requestedEndDate ? (
              <span data-testid="extension-dates">
                until {formatDate(loan.endDate)} → asks until {formatDate(loan.requestedEndDate)}
              </span>
            ) : (
              <>
                {formatDate(loan.startDate)} – {formatDate(loan.endDate)}
              </>
            )}
            <span aria-hidden="true"> · </span>
            <span className="font-mono">{loan.inventoryNumber}</span>
          </p>
          <p className="mt-1 text-sm text-slate-700">“{loan.purpose}”</p>
        </div>
        {rejecting ? null : (
          <div className="flex shrink-0 gap-2">
            <ActionForm state={approval}>
              <input type="hidden" name="loanId" value={loan.id} />
              <SubmitButton size="sm" pendingLabel="Approving…" aria-label={`Approve ${loan.requesterName}’s ${what} for ${loan.assetName}`}>
                Approve
              </SubmitButton>
            </ActionForm>
            <Button variant="secondary" size="sm" onClick={() => setRejecting(true)} aria-label={`Reject ${loan.requesterName}’s ${what} for ${loan.assetName}`}>
              Reject
            </Button>
          </div>
        )}
      </div>
      {rejecting ? (
        <ActionForm state={rejection} noValidate className="mt-3 flex flex-col gap-3 rounded-lg bg-slate-50 p-3 sm:flex-row sm:items-end">
          <input type="hidden" name="loanId" value={loan.id} />
          <Field label="Reason for the borrower" htmlFor={reasonId} error={reasonError} className="flex-1">
            <Input name="reason" defaultValue={rejection.text('reason')} required maxLength={1000} autoFocus placeholder="e.g. Needed for the audit that week" />
          </Field>
          <div className="flex gap-2">
            <SubmitButton variant="danger" size="sm" pendingLabel="Rejecting…">
              Reject {what}
            </SubmitButton>
            <Button variant="ghost" size="sm" onClick={() => setRejecting(false)}>
              Cancel
            </Button>
          </div>
        </ActionForm>
      ) : null}
      {failure ? <FormMessage result={failure} className="mt-3" /> : null}
    </li>
  );
}
