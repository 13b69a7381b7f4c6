import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '@/db/client';
import { assets, loans } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { ValidationError } from '@/lib/platform/core/errors';
import { addDays, daysBetween, toIsoDate } from '@/lib/platform/time';
import { findLoanAsset } from './loan-asset';
import { findBusyRanges } from './loan-store';
import { getLoanPolicy } from './policy';
import type { Availability, LoanDefaults } from './schemas';

const MAX_WINDOW_DAYS = 366;
const DEFAULT_LOAN_DAYS = 7;
const PURPOSE_SUGGESTION_DAYS = 180;

/** Busy ranges and overlapping pending requests, for the request wizard to show before submitting. */
export async function getAvailability(tx: Tx, ctx: RequestContext, assetId: string, from: string, to: string): Promise<z.infer<typeof Availability>> {
  if (daysBetween(from, to) > MAX_WINDOW_DAYS) {
    throw new ValidationError(`The window may span at most ${MAX_WINDOW_DAYS} days.`, { location: 'query', issues: [{ path: 'to', code: 'too_big', message: `Choose a period of at most ${MAX_WINDOW_DAYS} days.` }] });
  }
  const asset = await findLoanAsset(tx, ctx.organisationId, assetId);
  const busy = await findBusyRanges(tx, ctx.organisationId, assetId, from, to);
  const pending = await tx
    .select({ startDate: loans.startDate, endDate: loans.endDate, requesterId: loans.requesterId })
    .from(loans)
    .where(and(eq(loans.organisationId, ctx.organisationId), eq(loans.assetId, assetId), eq(loans.status, 'PENDING_APPROVAL'), sql`${loans.startDate} <= ${to}::date and ${loans.endDate} >= ${from}::date`))
    .orderBy(loans.startDate);
  return {
    assetId,
    assetStatus: asset.status,
    from,
    to,
    available: busy.length === 0 && asset.status !== 'MAINTENANCE' && asset.status !== 'RETIRED',
    busy,
    // Who else asked is not the caller's business; only whether it was the caller.
    pendingRequests: pending.map((p) => ({ startDate: p.startDate, endDate: p.endDate, mine: p.requesterId === ctx.user.id })),
  };
}

/** The first start from `earliest` on whose `length` days meet none of the busy ranges (sorted by start). */
function firstFreeStart(busy: readonly { startDate: string; endDate: string }[], earliest: string, latest: string, length: number): string | null {
  let start = earliest;
  for (const range of busy) {
    if (range.startDate > addDays(start, length - 1)) break;
    if (range.endDate >= start) start = addDays(range.endDate, 1);
  }
  return start <= latest ? start : null;
}

/**
 * Prefill from the caller's last loan of this asset, else of its category: the same length, placed in the first
 * period from today the policy allows and no approved or active loan of this asset takes (none within the booking
 * window: no dates). The purpose is a suggestion, and only from a loan filed in the last PURPOSE_SUGGESTION_DAYS:
 * an older reason is more likely wrong than helpful.
 */
export async function getLoanDefaults(tx: Tx, ctx: RequestContext, assetId: string): Promise<z.infer<typeof LoanDefaults>> {
  const asset = await findLoanAsset(tx, ctx.organisationId, assetId);
  const policy = await getLoanPolicy(tx, ctx.organisationId);
  const [last] = await tx
    .select({ id: loans.id, startDate: loans.startDate, endDate: loans.endDate, purpose: loans.purpose, createdAt: loans.createdAt })
    .from(loans)
    .innerJoin(assets, and(eq(assets.organisationId, loans.organisationId), eq(assets.id, loans.assetId)))
    .where(and(eq(loans.organisationId, ctx.organisationId), eq(loans.requesterId, ctx.user.id), eq(assets.categoryId, asset.categoryId)))
    .orderBy(sql`${loans.assetId} = ${assetId} desc`, desc(loans.createdAt))
    .limit(1);
  const length = Math.min(last ? daysBetween(last.startDate, last.endDate) + 1 : DEFAULT_LOAN_DAYS, policy.maxLoanDays);
  const today = toIsoDate(ctx.now);
  const latestStart = addDays(today, policy.maxAdvanceBookingDays);
  const busy = await findBusyRanges(tx, ctx.organisationId, assetId, today, addDays(latestStart, length - 1));
  const startDate = firstFreeStart(busy, today, latestStart, length);
  const recent = last && daysBetween(toIsoDate(last.createdAt), today) <= PURPOSE_SUGGESTION_DAYS;
  return {
    assetId,
    startDate,
    endDate: startDate ? addDays(startDate, length - 1) : null,
    purpose: recent ? last.purpose : null,
    basedOnLoanId: last?.id ?? null,
  };
}
