import type { Tx } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import { findReadableDonation, toDonationDto } from './donation-store';
import type { Donation } from './schemas';

export async function getDonation(tx: Tx, ctx: RequestContext, donationId: string): Promise<Donation> {
  return toDonationDto(await findReadableDonation(tx, ctx, donationId));
}
