'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { ApiError } from '@/lib/api/errors';
import { checkLoanDates, type LoanDatesCheck } from '@/lib/loans/check-loan-dates';
import { cancelLoan } from '@/lib/loans/cancel-loan';
import { updateLoan } from '@/lib/loans/update-loan';
import { createLoan } from '@/lib/loans/create-loan';
import { approveLoan } from '@/lib/loans/approve-loan';
import { rejectLoan } from '@/lib/loans/reject-loan';
import { extendLoan } from '@/lib/loans/extend-loan';
import { CreateLoanBody } from '@/lib/loans/schemas';
import { getConfig } from '@/lib/config';
import { sendsEmail } from '@/lib/notifications/mailer';
import { describeLoanNotice } from '@/lib/portal/describe-loan-notice';
import { type ActionResult, portalActionError, requirePortalContext, withPortalTransaction } from '../portal-context';

const isoDate = (label: string) => z.iso.date(`Choose a ${label}.`);
const LoanId = z.object({ loanId: z.uuid('Unknown loan.') });
const DatesCheck = z.object({ assetId: z.uuid(), startDate: isoDate('pickup date'), endDate: isoDate('return date'), excludeLoanId: z.uuid().optional() });
const Purpose = z.string().trim().min(1, 'Say what you need it for.').max(500, 'Keep the purpose under 500 characters.');
const EditRequest = LoanId.extend({ startDate: isoDate('pickup date'), endDate: isoDate('return date'), purpose: Purpose });
const Extension = LoanId.extend({ endDate: isoDate('new return date') });
const Rejection = LoanId.extend({ reason: z.string().trim().min(3, 'Say in a few words why (at least 3 characters).').max(1000, 'Keep the reason under 1,000 characters.') });

function field(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === 'string' ? value : '';
}

// Loan rules speak to API clients; a change somebody else made first needs plainer words on a screen.
function loanActionError(error: unknown): ActionResult {
  if (error instanceof ApiError && error.code === 'LOAN_INVALID_STATE') return { ok: false, message: 'This loan has changed in the meantime. Reload the page to see where it stands.' };
  if (error instanceof ApiError && error.code === 'LOAN_NOT_FOUND') return { ok: false, message: 'This loan no longer exists.' };
  return portalActionError(error);
}

// My loans and the loan's own page both show the change; the layout scope covers /loans and /loans/[id].
function refresh(): void {
  revalidatePath('/loans', 'layout');
}

/** The wizard's live check: what filing these dates would meet, before anything is filed. */
export async function checkLoanDatesAction(input: z.input<typeof DatesCheck>): Promise<LoanDatesCheck | { error: string }> {
  const portal = await requirePortalContext();
  const parsed = DatesCheck.safeParse(input);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Choose both dates.' };
  try {
    return await withPortalTransaction(portal, (tx, ctx) => checkLoanDates(tx, ctx, parsed.data));
  } catch (error) {
    return { error: portalActionError(error).message ?? 'The dates could not be checked.' };
  }
}

export type CreateLoanResult = ActionResult & { filedPath?: string };

/** Files the request; the form then opens the new loan (a redirect from here would render it without the tenant). */
export async function createLoanAction(_previous: CreateLoanResult | null, formData: FormData): Promise<CreateLoanResult> {
  const portal = await requirePortalContext();
  try {
    const body = CreateLoanBody.parse({ assetId: field(formData, 'assetId'), startDate: field(formData, 'startDate'), endDate: field(formData, 'endDate'), purpose: field(formData, 'purpose') });
    const { loan, notice } = await withPortalTransaction(portal, (tx, ctx) => createLoan(tx, ctx, body));
    refresh();
    // The loan page says who was asked; it may only claim an e-mail when one is really on its way.
    const filed = notice.emailed.length > 0 && sendsEmail(getConfig()) ? 'emailed' : 'queued';
    return { ok: true, message: 'Request sent. Opening it…', filedPath: `/loans/${loan.id}?filed=${filed}` };
  } catch (error) {
    return portalActionError(error);
  }
}

export async function cancelLoanAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  const portal = await requirePortalContext();
  try {
    const { loanId } = LoanId.parse({ loanId: field(formData, 'loanId') });
    await withPortalTransaction(portal, (tx, ctx) => cancelLoan(tx, ctx, loanId));
    refresh();
  } catch (error) {
    return loanActionError(error);
  }
  return { ok: true, message: 'Request cancelled. You find it under History.' };
}

export async function updateLoanAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  const portal = await requirePortalContext();
  try {
    const { loanId, ...changes } = EditRequest.parse({ loanId: field(formData, 'loanId'), startDate: field(formData, 'startDate'), endDate: field(formData, 'endDate'), purpose: field(formData, 'purpose') });
    await withPortalTransaction(portal, (tx, ctx) => updateLoan(tx, ctx, loanId, changes));
    refresh();
  } catch (error) {
    return loanActionError(error);
  }
  return { ok: true, message: 'Request updated. Your approver sees the new details.' };
}

export async function extendLoanAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  const portal = await requirePortalContext();
  try {
    const { loanId, endDate } = Extension.parse({ loanId: field(formData, 'loanId'), endDate: field(formData, 'endDate') });
    const { loan, notice } = await withPortalTransaction(portal, (tx, ctx) => extendLoan(tx, ctx, loanId, endDate));
    refresh();
    return loan.extensionRequestedEndDate
      ? { ok: true, message: `Extension requested. ${describeLoanNotice(notice)} Until it is decided, the current return date stands.`.replace(/\s+/g, ' ') }
      : { ok: true, message: 'Loan extended. The new return date applies now.' };
  } catch (error) {
    return loanActionError(error);
  }
}

export async function approveLoanAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  const portal = await requirePortalContext('ASSET_MANAGER');
  try {
    const { loanId } = LoanId.parse({ loanId: field(formData, 'loanId') });
    const { notice } = await withPortalTransaction(portal, (tx, ctx) => approveLoan(tx, ctx, loanId));
    refresh();
    return { ok: true, message: `Approved. ${describeLoanNotice(notice)}`.trim() };
  } catch (error) {
    return loanActionError(error);
  }
}

export async function rejectLoanAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  const portal = await requirePortalContext('ASSET_MANAGER');
  try {
    const { loanId, reason } = Rejection.parse({ loanId: field(formData, 'loanId'), reason: field(formData, 'reason') });
    const { notice } = await withPortalTransaction(portal, (tx, ctx) => rejectLoan(tx, ctx, loanId, reason));
    refresh();
    return { ok: true, message: `Rejected. ${describeLoanNotice(notice)}`.trim() };
  } catch (error) {
    return loanActionError(error);
  }
}
