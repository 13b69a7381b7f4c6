import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { assets, loans } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { type LoanCountdown, loanCountdown } from '@/lib/lending/loans/loan-countdown';
import { toIsoDate } from '@/lib/platform/time';
import type { LoanStatus } from './schemas';

export const myLoanTabs = ['active', 'pending', 'history'] as const;
export type MyLoanTab = (typeof myLoanTabs)[number];

const tabStatuses: Record<MyLoanTab, LoanStatus[]> = {
  active: ['APPROVED', 'ACTIVE'],
  pending: ['PENDING_APPROVAL'],
  history: ['RETURNED', 'REJECTED', 'CANCELLED'],
};

export type MyLoan = {
  id: string;
  status: LoanStatus;
  assetId: string;
  assetName: string;
  inventoryNumber: string;
  startDate: string;
  endDate: string;
  purpose: string;
  rejectionReason: string | null;
  extensionRequestedEndDate: string | null;
  countdown: LoanCountdown | null;
};

export type MyLoansPage = { tab: MyLoanTab; loans: MyLoan[]; counts: Record<MyLoanTab, number>; page: number; pageCount: number };

export const MY_LOANS_PAGE_SIZE = 20;

/**
 * One tab of the caller's own loans with the size of every tab. Active loans come due-first, the others
 * newest first; a person's loans are few enough for numbered pages.
 */
export async function listMyLoans(tx: Tx, ctx: RequestContext, input: { tab: MyLoanTab; page: number }): Promise<MyLoansPage> {
  const mine = and(eq(loans.organisationId, ctx.organisationId), eq(loans.requesterId, ctx.user.id));
  const order = input.tab === 'active' ? [loans.endDate, loans.id] : [desc(loans.createdAt), desc(loans.id)];
  const [rows, totals] = await Promise.all([
    tx
      .select({
        id: loans.id,
        status: loans.status,
        assetId: loans.assetId,
        assetName: assets.name,
        inventoryNumber: assets.inventoryNumber,
        startDate: loans.startDate,
        endDate: loans.endDate,
        purpose: loans.purpose,
        rejectionReason: loans.rejectionReason,
        extensionRequestedEndDate: loans.extensionRequestedEndDate,
      })
      .from(loans)
      .innerJoin(assets, and(eq(assets.organisationId, loans.organisationId), eq(assets.id, loans.assetId)))
      .where(and(mine, inArray(loans.status, tabStatuses[input.tab])))
      .orderBy(...order)
      .limit(MY_LOANS_PAGE_SIZE)
      .offset((input.page - 1) * MY_LOANS_PAGE_SIZE),
    tx.select({ status: loans.status, total: count() }).from(loans).where(mine).groupBy(loans.status),
  ]);
  const counts: Record<MyLoanTab, number> = { active: 0, pending: 0, history: 0 };
  for (const row of totals) {
    const tab = myLoanTabs.find((t) => tabStatuses[t].includes(row.status));
    if (tab) counts[tab] += row.total;
  }
  const today = toIsoDate(ctx.now);
  return {
    tab: input.tab,
    loans: rows.map((row) => ({ ...row, countdown: row.status === 'ACTIVE' || row.status === 'APPROVED' ? loanCountdown(row.endDate, today) : null })),
    counts,
    page: input.page,
    pageCount: Math.max(1, Math.ceil(counts[input.tab] / MY_LOANS_PAGE_SIZE)),
  };
}
