import type { Tx } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import { toIsoDate } from '@/lib/platform/time';
import { assertIsRequester } from './loan-permissions';
import { findBusyRanges, findLoanRow, loanConflict, toLoanDto } from './loan-store';
import { applyLoanTransition, assertTransitionAllowed } from './loan-transitions';
import { getLoanPolicy } from './policy';
import type { Loan, UpdateLoanBody } from './schemas';
import { validateLoanDates } from './validate-loan-dates';

/** The requester edits dates or purpose until the request is decided. */
export async function updateLoan(tx: Tx, ctx: RequestContext, loanId: string, input: UpdateLoanBody): Promise<Loan> {
  const loan = await findLoanRow(tx, ctx, loanId, true);
  assertIsRequester(ctx, loan);
  assertTransitionAllowed(loan, 'update');
  const startDate = input.startDate ?? loan.startDate;
  const endDate = input.endDate ?? loan.endDate;
  if (input.startDate || input.endDate) {
    validateLoanDates(await getLoanPolicy(tx, ctx.organisationId), toIsoDate(ctx.now), startDate, endDate);
    const conflicts = await findBusyRanges(tx, ctx.organisationId, loan.assetId, startDate, endDate, loan.id);
    if (conflicts.length > 0) throw loanConflict(loan.assetId, conflicts);
  }
  return toLoanDto(await applyLoanTransition(tx, ctx, loan, 'update', { startDate, endDate, purpose: input.purpose ?? loan.purpose }), ctx.now);
}
