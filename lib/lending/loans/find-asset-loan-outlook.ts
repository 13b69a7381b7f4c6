import { and, asc, eq, gte, or } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { loans } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { toIsoDate } from '@/lib/platform/time';
import { listUserNames } from '@/lib/people/users/list-user-names';
import { loanColumns } from './loan-columns';
import { toLoanDto } from './loan-store';
import type { Loan } from './schemas';

export type AssetLoanOutlook = {
  current: { loan: Loan; borrowerName: string } | null;
  next: { startDate: string; endDate: string } | null;
  /** The signed-in user's loan that can be picked up or returned now, if any. */
  mine: Loan | null;
};

/**
 * What the asset's overview says about lending: who has it now and until when, when it is booked next, and the
 * reader's own approved or active loan. The next booking shows dates only: who booked it is not everyone's business.
 */
export async function findAssetLoanOutlook(tx: Tx, ctx: RequestContext, assetId: string): Promise<AssetLoanOutlook> {
  const today = toIsoDate(ctx.now);
  const open = await tx
    .select(loanColumns)
    .from(loans)
    .where(
      and(
        eq(loans.organisationId, ctx.organisationId),
        eq(loans.assetId, assetId),
        // An ACTIVE loan counts even when overdue; an APPROVED one only until its period has passed.
        or(eq(loans.status, 'ACTIVE'), and(eq(loans.status, 'APPROVED'), gte(loans.endDate, today))),
      ),
    )
    .orderBy(asc(loans.startDate))
    .limit(20);
  const active = open.find((row) => row.status === 'ACTIVE') ?? null;
  const upcoming = open.find((row) => row.status === 'APPROVED') ?? null;
  const mine = open.find((row) => row.requesterId === ctx.user.id && (row.status === 'ACTIVE' || (row.startDate <= today && row.endDate >= today))) ?? null;
  const names = await listUserNames(tx, ctx.organisationId, active ? [active.requesterId] : []);
  return {
    current: active ? { loan: toLoanDto(active, ctx.now), borrowerName: names.get(active.requesterId) ?? 'Former user' } : null,
    next: upcoming ? { startDate: upcoming.startDate, endDate: upcoming.endDate } : null,
    mine: mine ? toLoanDto(mine, ctx.now) : null,
  };
}
