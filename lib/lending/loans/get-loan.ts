import type { Executor } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import { findLoanRow, toLoanDto } from './loan-store';
import type { Loan } from './schemas';

/** One loan as the API shows it; findLoanRow answers another employee's loan with LOAN_NOT_FOUND. */
export async function getLoan(tx: Executor, ctx: RequestContext, loanId: string): Promise<Loan> {
  return toLoanDto(await findLoanRow(tx, ctx, loanId), ctx.now);
}
