import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { assets, loans } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { toIsoDate } from '@/lib/platform/time';
import { type LoanCountdown, loanCountdown } from '@/lib/lending/loans/loan-countdown';

export type MyActiveLoan = {
  id: string;
  status: 'APPROVED' | 'ACTIVE';
  assetId: string;
  assetName: string;
  inventoryNumber: string;
  startDate: string;
  endDate: string;
  countdown: LoanCountdown;
};

/** The caller's approved and active loans, the one due first on top. */
export async function listMyActiveLoans(tx: Tx, ctx: RequestContext): Promise<MyActiveLoan[]> {
  const rows = await tx
    .select({
      id: loans.id,
      status: loans.status,
      assetId: loans.assetId,
      assetName: assets.name,
      inventoryNumber: assets.inventoryNumber,
      startDate: loans.startDate,
      endDate: loans.endDate,
    })
    .from(loans)
    .innerJoin(assets, and(eq(assets.organisationId, loans.organisationId), eq(assets.id, loans.assetId)))
    .where(and(eq(loans.organisationId, ctx.organisationId), eq(loans.requesterId, ctx.user.id), inArray(loans.status, ['APPROVED', 'ACTIVE'])))
    .orderBy(asc(loans.endDate), asc(loans.id));
  const today = toIsoDate(ctx.now);
  return rows.map((row) => ({ ...row, status: row.status as MyActiveLoan['status'], countdown: loanCountdown(row.endDate, today) }));
}
