import { z } from 'zod';
import { pageSchema } from '@/lib/platform/pagination';
import { AssetIdParams } from '@/lib/lending/assets/schemas';
import { approveLoan as approve } from '@/lib/lending/loans/approve-loan';
import { createLoan as create } from '@/lib/lending/loans/create-loan';
import { getAvailability } from '@/lib/lending/loans/loan-planning';
import { listLoans as list } from '@/lib/lending/loans/list-loans';
import { rejectLoan as reject } from '@/lib/lending/loans/reject-loan';
import * as loan from '@/lib/lending/loans/schemas';
import { defineOperation, mcpTool, type Operation } from '../operation';
import { named } from '../named';

const tag = 'Loans';

export const Loan = named('Loan', loan.Loan, {
  description:
    'A loan. States: PENDING_APPROVAL → APPROVED → ACTIVE (picked up) → RETURNED, or REJECTED / CANCELLED. OVERDUE is an ACTIVE loan past its end date (field overdue, and status filter OVERDUE).',
});
const LoanPage = named('LoanPage', pageSchema(Loan), { description: 'One page of loans, newest first.' });
const CreateLoanBody = named('CreateLoanBody', loan.CreateLoanBody, {
  description: 'A loan request: the asset, the pickup and return dates (inclusive) and the purpose; allowDuplicate to file it beside an overlapping request of your own.',
});
const CheckOutLoanBody = named('CheckOutLoanBody', loan.CheckOutLoanBody, { description: 'A desk checkout: the asset, the person who takes it, the return date and the purpose.' });
const UpdateLoanBody = named('UpdateLoanBody', loan.UpdateLoanBody, { minProperties: 1, description: 'New dates or purpose of a pending request.' });
const RejectLoanBody = named('RejectLoanBody', loan.RejectLoanBody, { description: 'Why the request (or extension) is declined; told to the requester.' });
const CancelLoanBody = named('CancelLoanBody', loan.CancelLoanBody, { description: 'Why the request or booking is cancelled; told to the borrower when a manager cancels it.' });
const ReturnLoanBody = named('ReturnLoanBody', loan.ReturnLoanBody);
const ExtendLoanBody = named('ExtendLoanBody', loan.ExtendLoanBody, { description: 'The new return date.' });
const Availability = named('Availability', loan.Availability);
const LoanDefaults = named('LoanDefaults', loan.LoanDefaults);

const assetId = AssetIdParams.shape.id.describe('The asset (its id, from svc_list_assets).');
const loanId = loan.LoanIdParams.shape.id.describe('The loan (its id, from svc_list_loans or svc_create_loan).');

/** POST /v1/loans/{id}/<name>: one step of a loan's life, answered with the loan after it. */
const loanAction = <B extends z.ZodType = z.ZodType>(
  name: string,
  operation: Pick<Operation<typeof loan.LoanIdParams, z.ZodObject, B>, 'operationId' | 'summary' | 'description' | 'role' | 'body' | 'errors' | 'mcp'>,
) =>
  defineOperation({
    method: 'post',
    path: `/v1/loans/{id}/${name}`,
    tag,
    params: loan.LoanIdParams,
    success: { status: 200, description: 'The loan after the change.', schema: Loan },
    ...operation,
    errors: ['LOAN_NOT_FOUND', 'LOAN_INVALID_STATE', ...(operation.errors ?? [])],
  });

// Declared first: its MCP tool is listed with the asset tools (the catalogue keeps this order).
export const getAssetAvailability = defineOperation({
  method: 'get',
  path: '/v1/assets/{id}/availability',
  operationId: 'getAssetAvailability',
  summary: 'Availability of an asset',
  tag,
  role: 'EMPLOYEE',
  params: AssetIdParams,
  query: loan.AvailabilityQuery,
  description: 'Busy ranges (approved and active loans) and overlapping pending requests in [from, to] (at most 366 days), for showing conflicts before a request is filed.',
  success: { status: 200, description: 'The availability.', schema: Availability },
  errors: ['ASSET_NOT_FOUND'],
  mcp: mcpTool({
    name: 'svc_check_availability',
    title: 'Check availability',
    description:
      'Whether an asset can be booked for a period (from and to inclusive, YYYY-MM-DD, at most 366 days): the approved or active loans that take it and the pending requests that overlap.',
    input: loan.AvailabilityQuery.safeExtend({ assetId }),
    run: (tx, ctx, input) => getAvailability(tx, ctx, input.assetId, input.from, input.to),
  }),
});

export const listLoans = defineOperation({
  method: 'get',
  path: '/v1/loans',
  operationId: 'listLoans',
  summary: 'List loans',
  tag,
  role: 'EMPLOYEE',
  query: loan.ListLoansQuery,
  description:
    "Newest first. Employees see their own loans (userId=me is the default for them, and every other filter applies within their own loans); another user's loans, or everyone's, need ASSET_MANAGER. Filters combine. The managers' loans view in the portal (/loans?view=…) is these filters: awaiting = awaitingDecision=true, due_today = dueOn=<today>, overdue = status=OVERDUE, active = status=ACTIVE, all = none; its search is q. pagination.total is exact up to 10,000 matching loans; above that pagination.totalIsEstimate is true and total is the database's estimate (always more than 10,000), so that a large tenant's unfiltered list does not count every loan on every page.",
  success: { status: 200, description: 'One page of loans.', schema: LoanPage },
  mcp: mcpTool({
    name: 'svc_list_loans',
    title: 'List loans',
    description:
      "One page of loans, newest first. Employees see their own loans; another user's loans, or everyone's, need ASSET_MANAGER. awaitingDecision=\"true\" lists what waits for an approver.",
    input: loan.ListLoansQuery,
    run: (tx, ctx, input) => list(tx, ctx, input),
  }),
});

export const createLoan = defineOperation({
  method: 'post',
  path: '/v1/loans',
  operationId: 'createLoan',
  summary: 'Request a loan',
  tag,
  role: 'EMPLOYEE',
  body: CreateLoanBody,
  description:
    'Files a request (PENDING_APPROVAL; APPROVED at once when the policy needs no approval). The request writes one outbox event; the delivery job turns it, usually within seconds, into one e-mail per approver (the one the policy rules name, else every active asset manager), each sent once. Dates must fit maxLoanDays and maxAdvanceBookingDays and not lie in the past; an overlap with an approved or active loan is 409 LOAN_CONFLICT naming the busy range. When the caller already has a pending request of the same asset overlapping the dates, the answer is 409 LOAN_DUPLICATE_REQUEST (details.existingLoans names them) unless the body says allowDuplicate: true; an approved or active loan of their own in the way is LOAN_CONFLICT, as any other is. A caller whose person waits for the sports registry (pending_registration) gets 403 PERSON_NOT_REGISTERED; approvers in that state are never chosen.',
  success: { status: 201, description: 'The loan; Location points to it.', schema: Loan },
  errors: ['ASSET_NOT_FOUND', 'ASSET_UNAVAILABLE', 'LOAN_CONFLICT', 'LOAN_DUPLICATE_REQUEST', 'PERSON_NOT_REGISTERED'],
  mcp: mcpTool({
    name: 'svc_create_loan',
    title: 'Request a loan',
    description:
      "Files a loan request for the caller (PENDING_APPROVAL, or APPROVED at once when the organisation's policy needs no approval); the approver is e-mailed. Dates are inclusive, YYYY-MM-DD, not in the past and within the policy's limits. An overlap with an approved or active loan is LOAN_CONFLICT.",
    input: loan.CreateLoanBody,
    run: async (tx, ctx, input) => (await create(tx, ctx, input)).loan,
  }),
});

export const checkOutLoan = defineOperation({
  method: 'post',
  path: '/v1/loans/checkout',
  operationId: 'checkOutLoan',
  summary: 'Check an asset out at the desk',
  tag,
  role: 'ASSET_MANAGER',
  body: CheckOutLoanBody,
  description:
    "An asset manager hands an asset over to a person (borrowerId, a user id) at the desk: one loan from today to endDate, created ACTIVE (approved by the caller and picked up at once) in one transaction; the asset becomes LOANED. The checks are a request's and a pickup's: endDate within maxLoanDays of today, no approved or active loan of the asset overlapping (409 LOAN_CONFLICT), and the asset AVAILABLE (409 ASSET_UNAVAILABLE). A borrower who is not an active member of the organisation (or waits for the sports registry) is 400 at borrowerId. Records LOAN_CHECKED_OUT and emits loan.requested, loan.approved and loan.picked_up.",
  success: { status: 201, description: 'The ACTIVE loan; Location points to it.', schema: Loan },
  errors: ['ASSET_NOT_FOUND', 'ASSET_UNAVAILABLE', 'LOAN_CONFLICT'],
});

export const getLoanDefaults = defineOperation({
  method: 'get',
  path: '/v1/loans/defaults',
  operationId: 'getLoanDefaults',
  summary: 'Prefill a loan request',
  tag,
  role: 'EMPLOYEE',
  query: loan.LoanDefaultsQuery,
  description: "Dates and purpose from the caller's last loan of the same asset, else of the same category; otherwise today plus seven days.",
  success: { status: 200, description: 'Suggested values.', schema: LoanDefaults },
  errors: ['ASSET_NOT_FOUND'],
});

export const getLoan = defineOperation({
  method: 'get',
  path: '/v1/loans/{id}',
  operationId: 'getLoan',
  summary: 'Get a loan',
  tag,
  role: 'EMPLOYEE',
  params: loan.LoanIdParams,
  description: "The requester's own loan, or any loan for ASSET_MANAGER and above; another employee's loan answers 404.",
  success: { status: 200, description: 'The loan.', schema: Loan },
  errors: ['LOAN_NOT_FOUND'],
});

export const updateLoan = defineOperation({
  method: 'patch',
  path: '/v1/loans/{id}',
  operationId: 'updateLoan',
  summary: 'Edit a pending request',
  tag,
  role: 'EMPLOYEE',
  params: loan.LoanIdParams,
  body: UpdateLoanBody,
  description: 'Only the requester, and only while the request is PENDING_APPROVAL. Records LOAN_UPDATED.',
  success: { status: 200, description: 'The loan.', schema: Loan },
  errors: ['LOAN_NOT_FOUND', 'LOAN_INVALID_STATE', 'LOAN_CONFLICT'],
});

export const approveLoan = loanAction('approve', {
  operationId: 'approveLoan',
  summary: 'Approve a request or its extension',
  description:
    'The designated approver (any ASSET_MANAGER when none is named; ADMIN always), never the requester. Approves a pending extension instead when one is pending (the end date moves, and the 3-day reminder follows the new end date). The requester is told by e-mail and in the app.',
  role: 'ASSET_MANAGER',
  errors: ['ASSET_UNAVAILABLE', 'LOAN_CONFLICT', 'LOAN_OUTSIDE_PERIOD'],
  mcp: mcpTool({
    name: 'svc_approve_loan',
    title: 'Approve a loan',
    description:
      'Approves a pending loan request, or the pending extension of an approved or active loan. The designated approver decides (any asset manager when none is designated; an admin always), never on their own request.',
    input: z.strictObject({ loanId }),
    run: async (tx, ctx, input) => (await approve(tx, ctx, input.loanId)).loan,
  }),
});

export const rejectLoan = loanAction('reject', {
  operationId: 'rejectLoan',
  summary: 'Reject a request or its extension',
  description: 'As approve; the requester is told by e-mail and in the app, with the reason.',
  role: 'ASSET_MANAGER',
  body: RejectLoanBody,
  mcp: mcpTool({
    name: 'svc_reject_loan',
    title: 'Reject a loan',
    description: 'Rejects a pending loan request (final), or the pending extension of a loan, with a reason the borrower is told.',
    input: loan.RejectLoanBody.extend({ loanId }),
    destructive: true,
    run: async (tx, ctx, input) => (await reject(tx, ctx, input.loanId, input.reason)).loan,
  }),
});

export const cancelLoan = loanAction('cancel', {
  operationId: 'cancelLoan',
  summary: 'Cancel a request or an approved booking',
  description:
    "The requester withdraws a PENDING_APPROVAL request or cancels an APPROVED booking before pickup (a reason is optional). An ASSET_MANAGER cancels somebody else's APPROVED booking with a reason (400 without one); the borrower is told by e-mail and in the app, with the reason, and the reason is kept as cancellationReason. Somebody else's pending request is not a manager's to cancel (403: reject it instead). The body may be left out, or sent as `{}` or `{\"reason\": …}`. Records LOAN_CANCELLED and emits loan.cancelled.",
  role: 'EMPLOYEE',
  body: CancelLoanBody,
});

export const pickUpLoan = loanAction('pickup', {
  operationId: 'pickUpLoan',
  summary: 'Hand the asset over',
  description: 'APPROVED → ACTIVE within the booked period (requester or ASSET_MANAGER); the asset becomes LOANED.',
  role: 'EMPLOYEE',
  errors: ['ASSET_UNAVAILABLE', 'LOAN_OUTSIDE_PERIOD'],
});

export const returnLoan = loanAction('return', {
  operationId: 'returnLoan',
  summary: 'Return the asset',
  description:
    'ACTIVE → RETURNED. The requester proves the asset is in hand with the secret of its printed label (qrCodeToken): without it 403, with a wrong or voided one 409 QR_CODE_MISMATCH. An ASSET_MANAGER may check the asset in at the desk without it. The asset becomes AVAILABLE.',
  role: 'EMPLOYEE',
  body: ReturnLoanBody,
  errors: ['QR_CODE_MISMATCH'],
});

export const extendLoan = loanAction('extend', {
  operationId: 'extendLoan',
  summary: 'Extend a loan',
  description:
    "Per policy: NOT_ALLOWED (409 EXTENSION_NOT_ALLOWED for employees), AUTOMATIC (applied at once), REQUIRES_APPROVAL (filed as extensionRequestedEndDate; the approver, or every asset manager when none is named, is told at once by e-mail and in the app, and finds it in awaitingDecision=true). A manager's extension applies at once. The new range is checked for conflicts.",
  role: 'EMPLOYEE',
  body: ExtendLoanBody,
  errors: ['LOAN_CONFLICT', 'EXTENSION_NOT_ALLOWED'],
});
