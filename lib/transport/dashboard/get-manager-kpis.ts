import { and, eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { loans } from '@/db/schema';
import { countAssets } from '@/lib/lending/assets/count-assets';
import type { RequestContext } from '@/lib/platform/core/context';
import { toIsoDate } from '@/lib/platform/time';
import { awaitingDecision } from '@/lib/lending/loans/build-loan-filter';

export type ManagerKpis = { totalAssets: number; activeLoans: number; awaitingApproval: number; overdue: number };

/**
 * The four numbers of the manager's dashboard; awaiting approval counts extension requests too, and overdue loans
 * are ACTIVE ones past their end date.
 */
export async function getManagerKpis(tx: Tx, ctx: RequestContext): Promise<ManagerKpis> {
  const today = toIsoDate(ctx.now);
  const [totalAssets, [loanTotals]] = await Promise.all([
    countAssets(tx, ctx.organisationId, {}),
    tx
      .select({
        active: sql<number>`count(*) filter (where ${loans.status} = 'ACTIVE')::int`,
        pending: sql<number>`count(*) filter (where ${awaitingDecision})::int`,
        overdue: sql<number>`count(*) filter (where ${and(eq(loans.status, 'ACTIVE'), lt(loans.endDate, today))})::int`,
      })
      .from(loans)
      .where(eq(loans.organisationId, ctx.organisationId)),
  ]);
  return {
    totalAssets,
    activeLoans: loanTotals?.active ?? 0,
    awaitingApproval: loanTotals?.pending ?? 0,
    overdue: loanTotals?.overdue ?? 0,
  };
}
