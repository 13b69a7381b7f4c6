import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { donations } from '@/db/schema';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import { assertDuty } from '@/lib/platform/auth/duties';
import type { RequestContext } from '@/lib/platform/core/context';
import { donationColumns, findReadableDonation, toDonationDto } from './donation-store';
import type { Donation, UpdateDonationBody } from './schemas';

/** A correction; a gift given back is a refund among the financial transactions, not a change here. */
export async function updateDonation(tx: Tx, ctx: RequestContext, donationId: string, input: UpdateDonationBody): Promise<Donation> {
  assertDuty(ctx, 'FINANCE', 'Changing a donation');
  const before = await findReadableDonation(tx, ctx, donationId);
  const [after] = await tx
    .update(donations)
    .set({
      amount: input.amount,
      currency: input.currency,
      donatedAt: input.donatedAt === undefined ? undefined : new Date(input.donatedAt),
      campaign: input.campaign,
      anonymousToPublic: input.anonymousToPublic,
      updatedAt: ctx.now,
    })
    .where(and(eq(donations.organisationId, ctx.organisationId), eq(donations.id, donationId)))
    .returning(donationColumns);
  const changes = diffChanges(before, after!, ['amount', 'currency', 'donatedAt', 'campaign', 'anonymousToPublic']);
  if (Object.keys(changes).length > 0) {
    await recordAudit(tx, ctx, { action: 'DONATION_UPDATED', targetType: 'DONATION', targetId: donationId, changes, metadata: { fields: Object.keys(changes) } });
  }
  return toDonationDto(after!);
}
