import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { loans } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { ValidationError } from '@/lib/platform/core/errors';
import { toIsoDate } from '@/lib/platform/time';
import { findLoanAsset } from './loan-asset';
import { type BusyRange, findBusyRanges } from './loan-store';
import { getLoanPolicy } from './policy';
import { validateLoanDates } from './validate-loan-dates';

export type LoanDatesCheck = {
  ok: boolean;
  problems: { field: 'startDate' | 'endDate'; message: string }[];
  conflicts: BusyRange[];
  /** Other pending requests overlapping the dates; the caller's own carry their id, for a link to them. */
  pendingOverlaps: { startDate: string; endDate: string; mine: boolean; loanId?: string }[];
};

/**
 * The checks createLoan will make, run ahead so the wizard can say what is wrong before anything is filed:
 * policy limits, approved or active loans in the way (blocking), and other pending requests (a warning).
 */
export async function checkLoanDates(tx: Tx, ctx: RequestContext, input: { assetId: string; startDate: string; endDate: string; excludeLoanId?: string }): Promise<LoanDatesCheck> {
  await findLoanAsset(tx, ctx.organisationId, input.assetId);
  const problems: LoanDatesCheck['problems'] = [];
  try {
    validateLoanDates(await getLoanPolicy(tx, ctx.organisationId), toIsoDate(ctx.now), input.startDate, input.endDate);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    for (const issue of error.details.issues as { path: string; message: string }[]) {
      problems.push({ field: issue.path === 'startDate' ? 'startDate' : 'endDate', message: issue.message.replace(/^(startDate|endDate)/, (f) => (f === 'startDate' ? 'The pickup date' : 'The return date')) });
    }
  }
  if (input.endDate < input.startDate) return { ok: false, problems, conflicts: [], pendingOverlaps: [] };
  const [conflicts, pending] = await Promise.all([
    findBusyRanges(tx, ctx.organisationId, input.assetId, input.startDate, input.endDate, input.excludeLoanId),
    tx
      .select({ id: loans.id, startDate: loans.startDate, endDate: loans.endDate, requesterId: loans.requesterId })
      .from(loans)
      .where(
        and(
          eq(loans.organisationId, ctx.organisationId),
          eq(loans.assetId, input.assetId),
          eq(loans.status, 'PENDING_APPROVAL'),
          sql`${loans.startDate} <= ${input.endDate}::date and ${loans.endDate} >= ${input.startDate}::date`,
        ),
      )
      .orderBy(loans.startDate),
  ]);
  return {
    ok: problems.length === 0 && conflicts.length === 0,
    problems,
    conflicts,
    pendingOverlaps: pending
      .filter((p) => p.id !== input.excludeLoanId)
      .map((p) => (p.requesterId === ctx.user.id ? { startDate: p.startDate, endDate: p.endDate, mine: true, loanId: p.id } : { startDate: p.startDate, endDate: p.endDate, mine: false })),
  };
}
