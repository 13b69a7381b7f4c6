import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { loans } from '@/db/schema';
import { createContext } from '@/lib/platform/core/context';
import { loanColumns } from '@/lib/lending/loans/loan-columns';
import { applyLoanTransition } from '@/lib/lending/loans/loan-transitions';
import { userIsRestricted } from '@/lib/platform/notifications/reachable-recipients';
import { daysBetween, toIsoDate } from '@/lib/platform/time';
import { describeError, type DueItem, findDueItems, type JobDeps, runTenantUnit } from '@/lib/platform/jobs/job-deps';
import { sendLoanNotice } from './send-loan-notice';

export type MarkOverdueLoansDeps = Pick<JobDeps, 'db' | 'now' | 'runId' | 'log'>;

async function markLoan(deps: MarkOverdueLoansDeps, item: DueItem, now: Date, today: string, runId: string): Promise<boolean> {
  return runTenantUnit(deps.db, item.organisationId, async (tx, afterCommit) => {
    const [row] = await tx
      .select({ ...loanColumns, requesterRestricted: userIsRestricted(item.organisationId, loans.requesterId) })
      .from(loans)
      .where(and(eq(loans.organisationId, item.organisationId), eq(loans.id, item.id)))
      .for('update');
    // Re-checked under the row lock: a concurrent run, a return or an extension may have come first. A requester
    // whose processing is restricted (spec 001) is passed by: neither marked nor told until it is lifted.
    if (!row || row.requesterRestricted) return false;
    const { requesterRestricted: _, ...loan } = row;
    if (loan.status !== 'ACTIVE' || loan.overdueNotifiedAt || loan.endDate >= today) return false;
    const { ctx } = createContext({ organisationId: item.organisationId, requestId: runId, now, user: null });
    await applyLoanTransition(tx, { ...ctx, afterCommit }, loan, 'markOverdue', { overdueNotifiedAt: now }, { endDate: loan.endDate, daysOverdue: daysBetween(loan.endDate, today) });
    await sendLoanNotice(tx, { organisationId: item.organisationId, afterCommit }, loan, 'overdue', today);
    return true;
  });
}

/**
 * Records each ACTIVE loan past its end date as overdue (audit LOAN_OVERDUE) and tells the requester, once. Paused
 * for a requester whose processing is restricted: the loan still shows as overdue (that is its end date), and
 * is marked and told on the first run after the restriction is lifted.
 */
export async function markOverdueLoans(deps: MarkOverdueLoansDeps): Promise<{ marked: number }> {
  const now = deps.now();
  const today = toIsoDate(now);
  const runId = deps.runId ?? randomUUID();
  const due = await findDueItems(deps.db, sql`select id, organisation_id from app_due_overdue_loans(${today}::date)`);
  let marked = 0;
  for (const item of due) {
    try {
      if (await markLoan(deps, item, now, today, runId)) marked += 1;
    } catch (error) {
      deps.log?.error(`[quartermaster] marking loan ${item.id} overdue failed: ${describeError(error)}`);
    }
  }
  return { marked };
}
