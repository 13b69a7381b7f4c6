'use client';

import { useState } from 'react';
import { ActionForm, type ActionFormState, useActionForm } from '@/components/ui/action-form';
import { approveLoanAction, cancelLoanAction, extendLoanAction, rejectLoanAction, updateLoanAction } from '@/lib/transport/portal/actions/loan-actions';
import { formatDate } from '@/lib/platform/format/dates';
import { Button, ButtonLink } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { ActionResult } from '@/lib/transport/portal/action-result';

export type ActionableLoan = {
  id: string;
  status: 'PENDING_APPROVAL' | 'APPROVED' | 'ACTIVE' | 'RETURNED' | 'REJECTED' | 'CANCELLED';
  assetName: string;
  startDate: string;
  endDate: string;
  purpose: string;
  extensionRequestedEndDate: string | null;
};

type Props = {
  loan: ActionableLoan;
  isRequester: boolean;
  canDecide: boolean;
  extensions: 'NOT_ALLOWED' | 'AUTOMATIC' | 'REQUIRES_APPROVAL';
  today: string;
  /** An asset manager may cancel somebody else's approved booking, with a reason told to that borrower. */
  managerCancel?: { borrowerName: string };
};
type Panel = 'edit' | 'cancel' | 'extend' | 'return' | 'reject' | null;

/** What the viewer may do with a loan right now, on My loans and on the loan's own page alike. */
export function LoanActions({ loan, isRequester, canDecide, extensions, today, managerCancel }: Props) {
  const [panel, setPanel] = useState<Panel>(null);
  const [outcome, setOutcome] = useState<ActionResult | null>(null);
  const run = (action: (p: ActionResult | null, f: FormData) => Promise<ActionResult>) => async (previous: ActionResult | null, formData: FormData) => {
    const result = await action(previous, formData);
    if (result.ok) {
      setOutcome(result);
      setPanel(null);
    }
    return result;
  };
  const edit = useActionForm(run(updateLoanAction));
  const cancel = useActionForm(run(cancelLoanAction));
  const extend = useActionForm(run(extendLoanAction));
  const approve = useActionForm(run(approveLoanAction));
  const reject = useActionForm(run(rejectLoanAction));
  const [start, setStart] = useState(loan.startDate);
  const [end, setEnd] = useState(loan.endDate);
  const [purpose, setPurpose] = useState(loan.purpose);
  const [newEnd, setNewEnd] = useState('');
  const [reason, setReason] = useState('');
  const [cancelReason, setCancelReason] = useState('');

  const pending = loan.status === 'PENDING_APPROVAL';
  const live = loan.status === 'APPROVED' || loan.status === 'ACTIVE';
  const canExtend = isRequester && live && extensions !== 'NOT_ALLOWED' && !loan.extensionRequestedEndDate;
  // Before pickup only: once the asset is out, it comes back by a return.
  const cancelsBooking = loan.status === 'APPROVED' && (isRequester || Boolean(managerCancel));
  const othersBooking = cancelsBooking && !isRequester;
  const failure = [othersBooking ? null : cancel.result, approve.result].find((r) => r?.ok === false) ?? null;
  // A refusal without a field to name shows under its form; one with a field shows at the field.
  const refusal = (form: ActionFormState, field: string) => (form.result?.ok === false && !form.error(field) ? <FormMessage result={form.result} /> : null);
  const toggle = (next: Panel) => setPanel((current) => (current === next ? null : next));
  const label = `for ${loan.assetName}`;

  const buttons = [
    isRequester && pending ? <Button key="edit" variant="secondary" size="sm" onClick={() => toggle('edit')} aria-expanded={panel === 'edit'} aria-label={`Edit request ${label}`}>Edit</Button> : null,
    isRequester && pending ? <Button key="cancel" variant="secondary" size="sm" onClick={() => toggle('cancel')} aria-expanded={panel === 'cancel'} aria-label={`Cancel request ${label}`}>Cancel request</Button> : null,
    cancelsBooking ? <Button key="cancel" variant="secondary" size="sm" onClick={() => toggle('cancel')} aria-expanded={panel === 'cancel'} aria-label={`Cancel booking ${label}`}>Cancel booking</Button> : null,
    canExtend ? <Button key="extend" variant="secondary" size="sm" onClick={() => toggle('extend')} aria-expanded={panel === 'extend'} aria-label={`${extensions === 'AUTOMATIC' ? 'Extend loan' : 'Request extension'} ${label}`}>{extensions === 'AUTOMATIC' ? 'Extend' : 'Request extension'}</Button> : null,
    isRequester && loan.status === 'ACTIVE' ? <Button key="return" variant="secondary" size="sm" onClick={() => toggle('return')} aria-expanded={panel === 'return'} aria-label={`Return ${loan.assetName}`}>Return</Button> : null,
    canDecide ? (
      <ActionForm key="approve" state={approve}>
        <input type="hidden" name="loanId" value={loan.id} />
        <SubmitButton size="sm" pendingLabel="Approving…">{loan.extensionRequestedEndDate && live ? 'Approve extension' : 'Approve'}</SubmitButton>
      </ActionForm>
    ) : null,
    canDecide ? <Button key="reject" variant="secondary" size="sm" onClick={() => toggle('reject')} aria-expanded={panel === 'reject'}>{loan.extensionRequestedEndDate && live ? 'Reject extension' : 'Reject'}</Button> : null,
  ].filter(Boolean);

  return (
    <div className="space-y-3" data-testid="loan-actions">
      {isRequester && live && loan.extensionRequestedEndDate ? (
        <p className="text-sm text-slate-700" data-testid="extension-pending">
          Extension to {formatDate(loan.extensionRequestedEndDate)} requested; waiting for your approver.
        </p>
      ) : null}
      {buttons.length > 0 ? <div className="flex flex-wrap gap-2">{buttons}</div> : null}

      {panel === 'edit' ? (
        <ActionForm state={edit} noValidate className="space-y-3 rounded-lg bg-slate-50 p-3">
          <input type="hidden" name="loanId" value={loan.id} />
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Pickup date" htmlFor={`edit-start-${loan.id}`} error={edit.error('startDate')}>
              <Input id={`edit-start-${loan.id}`} type="date" name="startDate" value={start} min={today} onChange={(e) => setStart(e.target.value)} required />
            </Field>
            <Field label="Return date" htmlFor={`edit-end-${loan.id}`} error={edit.error('endDate')}>
              <Input id={`edit-end-${loan.id}`} type="date" name="endDate" value={end} min={start} onChange={(e) => setEnd(e.target.value)} required />
            </Field>
          </div>
          <Field label="Purpose" htmlFor={`edit-purpose-${loan.id}`} error={edit.error('purpose')}>
            <Textarea id={`edit-purpose-${loan.id}`} name="purpose" rows={2} maxLength={500} value={purpose} onChange={(e) => setPurpose(e.target.value)} required />
          </Field>
          {edit.result?.ok === false ? <FormMessage result={edit.result} /> : null}
          <div className="flex gap-2">
            <SubmitButton size="sm" pendingLabel="Saving…">Save changes</SubmitButton>
            <Button variant="ghost" size="sm" onClick={() => setPanel(null)}>Close</Button>
          </div>
        </ActionForm>
      ) : null}

      {panel === 'cancel' && othersBooking ? (
        <ActionForm state={cancel} noValidate className="space-y-3 rounded-lg bg-slate-50 p-3">
          <input type="hidden" name="loanId" value={loan.id} />
          <p className="text-sm text-slate-800">
            Cancel {managerCancel!.borrowerName}’s booking of {loan.assetName}? They are told at once, with your reason, and the asset is free for others again.
          </p>
          <Field label="Reason for the borrower" htmlFor={`cancel-reason-${loan.id}`} error={cancel.error('reason')}>
            <Textarea id={`cancel-reason-${loan.id}`} name="reason" rows={2} value={cancelReason} onChange={(e) => setCancelReason(e.target.value)} required maxLength={1000} />
          </Field>
          {refusal(cancel, 'reason')}
          <div className="flex gap-2">
            <SubmitButton variant="danger" size="sm" pendingLabel="Cancelling…">Cancel the booking</SubmitButton>
            <Button variant="ghost" size="sm" onClick={() => setPanel(null)}>Keep it</Button>
          </div>
        </ActionForm>
      ) : null}

      {panel === 'cancel' && !othersBooking ? (
        <ActionForm state={cancel} className="flex flex-wrap items-center gap-3 rounded-lg bg-slate-50 p-3">
          <input type="hidden" name="loanId" value={loan.id} />
          <p className="text-sm text-slate-800">
            {pending ? 'Withdraw this request? Your approver will no longer see it.' : `Cancel your booking of ${loan.assetName}? The asset becomes free for others.`}
          </p>
          <div className="flex gap-2">
            <SubmitButton variant="danger" size="sm" pendingLabel="Cancelling…">Yes, cancel it</SubmitButton>
            <Button variant="ghost" size="sm" onClick={() => setPanel(null)}>Keep it</Button>
          </div>
        </ActionForm>
      ) : null}

      {panel === 'extend' ? (
        <ActionForm state={extend} noValidate className="space-y-3 rounded-lg bg-slate-50 p-3">
          <input type="hidden" name="loanId" value={loan.id} />
          <p className="text-sm text-slate-700">
            {extensions === 'AUTOMATIC'
              ? 'Your organisation extends loans at once when the asset is free for the extra days.'
              : 'Your organisation’s approver decides on extensions; the current return date stands until then.'}
          </p>
          <Field label="New return date" htmlFor={`extend-${loan.id}`} error={extend.error('endDate')}>
            <Input id={`extend-${loan.id}`} type="date" name="endDate" value={newEnd} min={loan.endDate} onChange={(e) => setNewEnd(e.target.value)} required className="sm:max-w-xs" />
          </Field>
          {refusal(extend, 'endDate')}
          <div className="flex gap-2">
            <SubmitButton size="sm" pendingLabel="Sending…">{extensions === 'AUTOMATIC' ? 'Extend now' : 'Request extension'}</SubmitButton>
            <Button variant="ghost" size="sm" onClick={() => setPanel(null)}>Close</Button>
          </div>
        </ActionForm>
      ) : null}

      {panel === 'return' ? (
        <div className="space-y-3 rounded-lg bg-slate-50 p-3" data-testid="return-help">
          <p className="text-sm text-slate-800">
            Returns are confirmed by scanning the label on the asset, so the record shows it was really back. Bring {loan.assetName} to its place, scan its label and confirm the return on the asset’s page, or hand it in at the desk.
          </p>
          <ButtonLink href="/scan" size="sm">Open the scanner</ButtonLink>
        </div>
      ) : null}

      {panel === 'reject' ? (
        <ActionForm state={reject} noValidate className="space-y-3 rounded-lg bg-slate-50 p-3">
          <input type="hidden" name="loanId" value={loan.id} />
          <Field label="Reason for the borrower" htmlFor={`reject-${loan.id}`} error={reject.error('reason')}>
            <Input id={`reject-${loan.id}`} name="reason" value={reason} onChange={(e) => setReason(e.target.value)} required maxLength={1000} />
          </Field>
          {refusal(reject, 'reason')}
          <div className="flex gap-2">
            <SubmitButton variant="danger" size="sm" pendingLabel="Rejecting…">Reject</SubmitButton>
            <Button variant="ghost" size="sm" onClick={() => setPanel(null)}>Close</Button>
          </div>
        </ActionForm>
      ) : null}

      <div aria-live="polite">
        <FormMessage result={failure ?? outcome} />
      </div>
    </div>
  );
}
