'use server';

import { z } from 'zod';
import { approveLoan } from '@/lib/lending/loans/approve-loan';
import { cancelLoan } from '@/lib/lending/loans/cancel-loan';
import { checkLoanDates } from '@/lib/lending/loans/check-loan-dates';
import { checkOutLoan } from '@/lib/lending/loans/check-out-loan';
import { createLoan } from '@/lib/lending/loans/create-loan';
import { extendLoan } from '@/lib/lending/loans/extend-loan';
import { previewRequestNotice } from '@/lib/lending/loans/notify-loan';
import { pickUpLoan } from '@/lib/lending/loans/pick-up-loan';
import { rejectLoan } from '@/lib/lending/loans/reject-loan';
import { returnLoan } from '@/lib/lending/loans/return-loan';
import type { OwnOverlap } from '@/lib/lending/loans/load-request-facts';
import { CancelLoanBody, CheckOutLoanBody, CreateLoanBody, ExtendLoanBody, loanFields, LoanRef, RejectLoanBody, ReturnLoanBody } from '@/lib/lending/loans/schemas';
import { searchBorrowers } from '@/lib/lending/loans/search-borrowers';
import { updateLoan } from '@/lib/lending/loans/update-loan';
import { getConfig } from '@/lib/platform/config';
import { ConflictError } from '@/lib/platform/core/errors';
import { sendsEmail } from '@/lib/platform/notifications/mailer';
import { describeLoanNotice } from '../describe-loan-notice';
import { type FormOutcome, formAction, portalAction } from '../portal-action';

// The loan rules speak to API clients; a change somebody else made first needs plainer words on a screen.
const loanErrors = {
  LOAN_INVALID_STATE: 'This loan has changed in the meantime. Reload the page to see where it stands.',
  LOAN_NOT_FOUND: 'This loan no longer exists.',
};
// A decision someone else made first, on the dashboard's queue or the loan's own page.
const decisionErrors = {
  LOAN_INVALID_STATE: 'This request was already decided or withdrawn.',
  LOAN_NOT_FOUND: 'This request no longer exists.',
};
// My loans, a loan's own page and the manager's dashboard all show a loan's state.
const loanPages = [{ path: '/loans', type: 'layout' as const }, '/dashboard'];

const text = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** The wizard's live check: what filing these dates would meet, before anything is filed. */
export const checkLoanDatesAction = portalAction(
  { input: z.object({ assetId: z.uuid(), startDate: loanFields.startDate, endDate: loanFields.endDate, excludeLoanId: z.uuid().optional() }) },
  async ({ tx, ctx, input }) => ({ check: await checkLoanDates(tx, ctx, input) }),
);

export type CreateLoanResult = FormOutcome<{ message: string; filedPath: string } | { message?: undefined; duplicates: OwnOverlap[] }>;

/**
 * Files the request; the form then opens the new loan (a redirect from here would render it without the tenant).
 * A request beside one of the caller's own for overlapping dates comes back unfiled, naming the first, for the
 * form to ask before a second is filed (allowDuplicate).
 */
export const createLoanAction = formAction(
  {
    input: CreateLoanBody,
    fields: (form) => ({
      assetId: text(form, 'assetId'),
      startDate: text(form, 'startDate'),
      endDate: text(form, 'endDate'),
      purpose: text(form, 'purpose'),
      allowDuplicate: text(form, 'allowDuplicate') === 'true' || undefined,
    }),
    revalidate: loanPages,
  },
  async ({ tx, ctx, input }) => {
    const created = await createLoan(tx, ctx, input).catch((error: unknown) => {
      // Thrown before anything is written, so the transaction may go on (and commit nothing).
      if (error instanceof ConflictError && error.code === 'LOAN_DUPLICATE_REQUEST') return { duplicates: error.details.existingLoans as OwnOverlap[] };
      throw error;
    });
    if ('duplicates' in created) return created;
    const { loan, asset, notice } = created;
    // The loan page says who was asked; it may only claim an e-mail when one is really on its way. A pending
    // request's approvers are e-mailed by the outbox fan-out, so ask who that will be.
    const told = loan.status === 'PENDING_APPROVAL' ? await previewRequestNotice(tx, ctx.organisationId, loan, asset) : notice;
    const filed = told.emailed.length > 0 && sendsEmail(getConfig()) ? 'emailed' : 'queued';
    return { message: 'Request sent. Opening it…', filedPath: `/loans/${loan.id}?filed=${filed}` };
  },
);

/** The requester withdraws a request or cancels a booking; a manager cancels somebody's booking with a reason. */
export const cancelLoanAction = formAction(
  {
    input: LoanRef.extend(CancelLoanBody.shape),
    fields: (form) => ({ loanId: text(form, 'loanId'), reason: text(form, 'reason').trim() || undefined }),
    revalidate: loanPages,
    errors: loanErrors,
  },
  async ({ tx, ctx, input: { loanId, ...body } }) => {
    const { loan, notice } = await cancelLoan(tx, ctx, loanId, body);
    if (loan.requesterId !== ctx.user.id) return { message: `Booking cancelled. ${describeLoanNotice(notice)}`.trim() };
    return { message: loan.decidedAt ? 'Booking cancelled. The asset is free for others again; you find it under History.' : 'Request cancelled. You find it under History.' };
  },
);

/** The desk checkout's picker: people who can borrow, by name. */
export const searchBorrowersAction = portalAction({ role: 'ASSET_MANAGER', input: z.object({ q: z.string().max(100) }) }, async ({ tx, ctx, input }) => ({
  people: await searchBorrowers(tx, ctx, input.q),
}));

/** An asset manager hands an asset over at the desk; the form then opens the new loan. */
export const checkOutLoanAction = formAction(
  {
    role: 'ASSET_MANAGER',
    input: CheckOutLoanBody,
    fields: (form) => ({ assetId: text(form, 'assetId'), borrowerId: text(form, 'borrowerId'), endDate: text(form, 'endDate'), purpose: text(form, 'purpose') }),
    // No revalidation, as for a pickup: it would redraw this page (the asset now out) before the form opens the loan.
    errorFields: { LOAN_CONFLICT: 'endDate' },
  },
  async ({ tx, ctx, input }) => {
    const { loan } = await checkOutLoan(tx, ctx, input);
    return { href: `/loans/${loan.id}?done=checked-out` };
  },
);

export const updateLoanAction = formAction(
  {
    input: LoanRef.extend(loanFields),
    fields: (form) => ({ loanId: text(form, 'loanId'), startDate: text(form, 'startDate'), endDate: text(form, 'endDate'), purpose: text(form, 'purpose') }),
    revalidate: loanPages,
    errors: loanErrors,
  },
  async ({ tx, ctx, input: { loanId, ...changes } }) => {
    await updateLoan(tx, ctx, loanId, changes);
    return { message: 'Request updated. Your approver sees the new details.' };
  },
);

export const extendLoanAction = formAction(
  { input: LoanRef.extend(ExtendLoanBody.shape), fields: (form) => ({ loanId: text(form, 'loanId'), endDate: text(form, 'endDate') }), revalidate: loanPages, errors: loanErrors },
  async ({ tx, ctx, input }) => {
    const { loan, notice } = await extendLoan(tx, ctx, input.loanId, input.endDate);
    return {
      message: loan.extensionRequestedEndDate
        ? `Extension requested. ${describeLoanNotice(notice)} Until it is decided, the current return date stands.`.replace(/\s+/g, ' ')
        : 'Loan extended. The new return date applies now.',
    };
  },
);

/** One approval for every screen that offers it: the dashboard's queue and the loan's own page. */
export const approveLoanAction = formAction(
  { role: 'ASSET_MANAGER', input: LoanRef, fields: (form) => ({ loanId: text(form, 'loanId') }), revalidate: loanPages, errors: decisionErrors },
  async ({ tx, ctx, input }) => {
    const told = describeLoanNotice((await approveLoan(tx, ctx, input.loanId)).notice);
    return { message: `Approved. ${told}`.trim(), told };
  },
);

export const rejectLoanAction = formAction(
  {
    role: 'ASSET_MANAGER',
    input: LoanRef.extend(RejectLoanBody.shape),
    fields: (form) => ({ loanId: text(form, 'loanId'), reason: text(form, 'reason') }),
    revalidate: loanPages,
    errors: decisionErrors,
  },
  async ({ tx, ctx, input }) => {
    const told = describeLoanNotice((await rejectLoan(tx, ctx, input.loanId, input.reason)).notice);
    return { message: `Rejected. ${told}`.trim(), told };
  },
);

const HandOver = LoanRef.extend({ assetId: z.uuid(), ...ReturnLoanBody.shape });
const handOverFields = (form: FormData) => ({ loanId: text(form, 'loanId'), assetId: text(form, 'assetId'), qrCodeToken: text(form, 'qrCodeToken') || undefined });

/**
 * Success answers with the address that tells the outcome (the panel changes with the loan's state); the
 * button navigates there. A server-side redirect() would re-render through the tenant-less internal fetch.
 */
export const pickUpLoanAction = formAction({ input: HandOver, fields: handOverFields, errors: loanErrors }, async ({ tx, ctx, input }) => {
  await pickUpLoan(tx, ctx, input.loanId);
  return { href: `/assets/${input.assetId}?done=picked-up` };
});

// The secret comes from the scanned label in the page address; returnLoan checks it against the asset's current label.
// An asset manager may check the asset in at the desk without it.
export const returnLoanAction = formAction({ input: HandOver, fields: handOverFields, errors: loanErrors }, async ({ tx, ctx, input }) => {
  await returnLoan(tx, ctx, input.loanId, input.qrCodeToken);
  return { href: `/assets/${input.assetId}?done=returned` };
});

/** An asset manager takes the asset back at the desk: seeing it in hand replaces the borrower's scan. */
export const checkInLoanAction = formAction(
  { role: 'ASSET_MANAGER', input: LoanRef.extend({ assetId: z.uuid() }), fields: (form) => ({ loanId: text(form, 'loanId'), assetId: text(form, 'assetId') }), revalidate: loanPages, errors: loanErrors },
  async ({ tx, ctx, input }) => {
    await returnLoan(tx, ctx, input.loanId, undefined);
    return { href: `/assets/${input.assetId}?done=checked-in` };
  },
);
