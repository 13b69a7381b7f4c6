import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { donations } from '@/db/schema';
import { hasDuty } from '@/lib/platform/auth/duties';
import type { RequestContext } from '@/lib/platform/core/context';
import { NotFoundError } from '@/lib/platform/core/errors';
import type { Donation } from './schemas';

export const donationColumns = {
  id: donations.id,
  personId: donations.personId,
  subjectPseudonym: donations.subjectPseudonym,
  amount: donations.amount,
  currency: donations.currency,
  donatedAt: donations.donatedAt,
  campaign: donations.campaign,
  anonymousToPublic: donations.anonymousToPublic,
  createdAt: donations.createdAt,
  updatedAt: donations.updatedAt,
};

export type DonationRow = Omit<Donation, 'donatedAt' | 'createdAt' | 'updatedAt'> & { donatedAt: Date; createdAt: Date; updatedAt: Date };

export function toDonationDto(row: DonationRow): Donation {
  return { ...row, donatedAt: row.donatedAt.toISOString(), createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export function donationNotFound(donationId: string, organisationId: string): NotFoundError {
  return new NotFoundError('DONATION_NOT_FOUND', 'The donation does not exist.', { donationId, organisationId });
}

/**
 * The FINANCE duty reads any donation, an erased donor's included; anyone else only their own. Someone else's
 * answers 404 like a missing one, so its existence does not leak.
 */
export async function findReadableDonation(tx: Tx, ctx: RequestContext, donationId: string): Promise<DonationRow> {
  const scope = hasDuty(ctx, 'FINANCE') ? undefined : eq(donations.personId, ctx.user.personId);
  const [row] = await tx
    .select(donationColumns)
    .from(donations)
    .where(and(eq(donations.organisationId, ctx.organisationId), eq(donations.id, donationId), scope));
  if (!row) throw donationNotFound(donationId, ctx.organisationId);
  return row;
}
