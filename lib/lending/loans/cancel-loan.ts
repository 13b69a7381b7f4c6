import type { Tx } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import { assertIsRequester } from './loan-permissions';
import { findLoanRow, toLoanDto } from './loan-store';
import { applyLoanTransition } from './loan-transitions';
import type { Loan } from './schemas';

/** The requester withdraws the request before it is decided. */
export async function cancelLoan(tx: Tx, ctx: RequestContext, loanId: string): Promise<Loan> {
  const loan = await findLoanRow(tx, ctx, loanId, true);
  assertIsRequester(ctx, loan);
  return toLoanDto(await applyLoanTransition(tx, ctx, loan, 'cancel', { cancelledAt: ctx.now }), ctx.now);
}
