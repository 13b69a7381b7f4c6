import { z } from 'zod';
import { calendarDate } from '@/lib/platform/validation/calendar-date';
import { pageQuery } from '@/lib/platform/pagination';

export const loanStatuses = ['PENDING_APPROVAL', 'APPROVED', 'ACTIVE', 'RETURNED', 'REJECTED', 'CANCELLED'] as const;
export const LoanStatus = z.enum(loanStatuses);
export type LoanStatus = z.infer<typeof LoanStatus>;
/** OVERDUE is not stored: it is an ACTIVE loan whose end date has passed. */
export const LoanStatusFilter = z.enum([...loanStatuses, 'OVERDUE']);

const isoDate = calendarDate.describe('YYYY-MM-DD');
const purpose = z.string().trim().min(1, 'Say what you need it for.').max(500, 'Keep the purpose under 500 characters.');
/** The fields of a request, for the API's bodies and the portal's forms alike. */
export const loanFields = { startDate: isoDate, endDate: isoDate, purpose };

export const LoanIdParams = z.object({ id: z.uuid() });
/** The loan a portal action acts on. */
export const LoanRef = z.object({ loanId: z.uuid('Unknown loan.') });

const allowDuplicate = z
  .boolean()
  .optional()
  .describe('true files the request even though the caller already has a pending request of this asset overlapping these dates (409 LOAN_DUPLICATE_REQUEST otherwise).');

export const CreateLoanBody = z
  .strictObject({ assetId: z.uuid(), startDate: isoDate, endDate: isoDate, purpose, allowDuplicate })
  .refine((b) => b.endDate >= b.startDate, { message: 'The return date must not be before the pickup date.', path: ['endDate'] });
export type CreateLoanBody = z.infer<typeof CreateLoanBody>;

export const UpdateLoanBody = z
  .strictObject({ startDate: isoDate, endDate: isoDate, purpose })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Change the pickup date, the return date or the purpose.' });
export type UpdateLoanBody = z.infer<typeof UpdateLoanBody>;

export const RejectLoanBody = z.strictObject({
  reason: z.string().trim().min(1, 'Say in a few words why, for the borrower.').max(1000, 'Keep the reason under 1,000 characters.'),
});
const cancellationReason = z.string().trim().min(1, 'Say in a few words why, for the borrower.').max(1000, 'Keep the reason under 1,000 characters.');

export const CancelLoanBody = z.strictObject({
  reason: cancellationReason
    .optional()
    .describe("Why the booking is cancelled; told to the borrower. Required when an ASSET_MANAGER cancels somebody else's approved booking."),
});
export type CancelLoanBody = z.infer<typeof CancelLoanBody>;

/** A manager hands an asset over at the desk: the loan starts today, approved and picked up at once. */
export const CheckOutLoanBody = z.strictObject({
  assetId: z.uuid(),
  borrowerId: z.uuid('Choose the person who takes the asset.').describe('The user who takes the asset (a user id, as in requesterId).'),
  endDate: isoDate.describe('The return date (YYYY-MM-DD, inclusive); the loan starts today.'),
  purpose,
});
export type CheckOutLoanBody = z.infer<typeof CheckOutLoanBody>;

export const ReturnLoanBody = z.strictObject({
  qrCodeToken: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe("The secret from the asset's printed label, as scanned (the last segment of its /q/{secret} QR code) or as printed under it. Required unless the caller is an ASSET_MANAGER checking the asset in at the desk."),
});
export const ExtendLoanBody = z.strictObject({ endDate: isoDate });

export const MAX_LOAN_SEARCH_WORDS = 8;

/** The filters of a loan list, shared by the API, the asset's loan history and the managers' loans view. */
export const LoanFilter = z.strictObject({
  userId: z.union([z.literal('me'), z.uuid()]).optional().describe("Requester: 'me' or a user id (another user's loans need ASSET_MANAGER)."),
  status: LoanStatusFilter.optional(),
  assetId: z.uuid().optional(),
  from: isoDate.optional().describe('Loans whose period overlaps [from, to].'),
  to: isoDate.optional(),
  awaitingDecision: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional()
    .describe('true: what waits for an approver, i.e. PENDING_APPROVAL requests and APPROVED or ACTIVE loans with an extension requested (extensionRequestedEndDate set).'),
  dueOn: isoDate.optional().describe('APPROVED or ACTIVE loans whose end date is this day (the loans due back that day).'),
  q: z
    .string()
    .trim()
    .max(200)
    .refine((q) => q.split(/\s+/).filter(Boolean).length <= MAX_LOAN_SEARCH_WORDS, { message: `at most ${MAX_LOAN_SEARCH_WORDS} words` })
    .optional()
    .describe(`Free text over the borrower's name and e-mail address and the asset's name and inventory number; every word (at most ${MAX_LOAN_SEARCH_WORDS}) must match, case-insensitively.`),
});
export type LoanFilter = z.infer<typeof LoanFilter>;

export const ListLoansQuery = LoanFilter.extend(pageQuery);
export type ListLoansQuery = z.infer<typeof ListLoansQuery>;

export const Loan = z.object({
  id: z.uuid(),
  assetId: z.uuid(),
  requesterId: z.uuid(),
  approverId: z.uuid().nullable().describe('Designated approver; null means any ASSET_MANAGER.'),
  decidedById: z.uuid().nullable(),
  status: LoanStatus,
  overdue: z.boolean().describe('ACTIVE and past its end date.'),
  startDate: isoDate,
  endDate: isoDate,
  purpose: z.string(),
  rejectionReason: z.string().nullable(),
  cancellationReason: z.string().nullable().describe('Why a manager cancelled the booking; null when the requester withdrew it or it was not cancelled.'),
  extensionRequestedEndDate: isoDate.nullable(),
  decidedAt: z.iso.datetime().nullable(),
  pickedUpAt: z.iso.datetime().nullable(),
  returnedAt: z.iso.datetime().nullable(),
  cancelledAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Loan = z.infer<typeof Loan>;

export const AvailabilityQuery = z
  .strictObject({ from: isoDate, to: isoDate })
  .refine((q) => q.to >= q.from, { message: 'The end of the period (to) must not be before its start (from).', path: ['to'] });

export const Availability = z.object({
  assetId: z.uuid(),
  assetStatus: z.enum(['AVAILABLE', 'LOANED', 'MAINTENANCE', 'RETIRED']),
  from: isoDate,
  to: isoDate,
  available: z.boolean().describe('Bookable for the whole range: no approved or active loan overlaps and the asset is not in maintenance or retired.'),
  busy: z.array(z.object({ startDate: isoDate, endDate: isoDate, status: z.enum(['APPROVED', 'ACTIVE']) })),
  pendingRequests: z.array(z.object({ startDate: isoDate, endDate: isoDate, mine: z.boolean() })),
});

export const LoanDefaultsQuery = z.strictObject({ assetId: z.uuid() });
export const LoanDefaults = z.object({
  assetId: z.uuid(),
  startDate: isoDate.nullable().describe('The first day, from today, of a free period as long as the last similar loan (else 7 days, at most the policy\'s longest loan) that no approved or active loan of the asset takes; null when the booking window has none.'),
  endDate: isoDate.nullable(),
  purpose: z.string().nullable().describe('The purpose of the last similar loan, when it was filed in the last 180 days: a suggestion to offer, not a value to fill in.'),
  basedOnLoanId: z.uuid().nullable().describe("The caller's last similar loan (same asset, else same category) the values come from."),
});
