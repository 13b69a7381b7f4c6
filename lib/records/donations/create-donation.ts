import type { Tx } from '@/db/client';
import { donations } from '@/db/schema';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { assertDuty } from '@/lib/platform/auth/duties';
import type { RequestContext } from '@/lib/platform/core/context';
import { assertTenantPerson } from '@/lib/people/persons/assert-tenant-person';
import { donationColumns, toDonationDto } from './donation-store';
import type { CreateDonationBody, Donation } from './schemas';

export async function createDonation(tx: Tx, ctx: RequestContext, input: CreateDonationBody): Promise<Donation> {
  assertDuty(ctx, 'FINANCE', 'Recording a donation');
  await assertTenantPerson(tx, ctx, input.personId);
  const [row] = await tx
    .insert(donations)
    .values({
      organisationId: ctx.organisationId,
      personId: input.personId,
      amount: input.amount,
      currency: input.currency,
      donatedAt: new Date(input.donatedAt),
      campaign: input.campaign,
      anonymousToPublic: input.anonymousToPublic,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning(donationColumns);
  const donation = toDonationDto(row!);
  await recordAudit(tx, ctx, {
    action: 'DONATION_RECORDED',
    targetType: 'DONATION',
    targetId: donation.id,
    changes: {
      personId: { before: null, after: donation.personId },
      amount: { before: null, after: donation.amount },
      currency: { before: null, after: donation.currency },
      donatedAt: { before: null, after: donation.donatedAt },
      campaign: { before: null, after: donation.campaign },
      anonymousToPublic: { before: null, after: donation.anonymousToPublic },
    },
  });
  return donation;
}
