import { z } from 'zod';
import { pageQuery } from '@/lib/platform/pagination';
import { fromBeforeTo, fromBeforeToIssue, hasAnyField, hasAnyFieldIssue, periodFilter, personFilter, subjectFields, subjectPersonId } from '@/lib/records/schemas';
import { calendarInstant } from '@/lib/platform/validation/calendar-date';
import { CurrencyCode, MoneyAmount } from '@/lib/platform/validation/money';

export const DonationIdParams = z.object({ id: z.uuid({ message: 'Use the id of a donation.' }) });

const campaign = z.string({ message: 'Name the campaign.' }).trim().min(1, 'Name the campaign.').max(200, 'Keep the campaign under 200 characters.');
const anonymousToPublic = z.boolean().describe('The donor is not named in public lists (donor walls, annual reports); the club still knows them.');

export const CreateDonationBody = z.strictObject({
  personId: subjectPersonId.describe('The donor.'),
  amount: MoneyAmount,
  currency: CurrencyCode.default('EUR'),
  donatedAt: calendarInstant('when the gift was made'),
  campaign: campaign.nullable().default(null),
  anonymousToPublic: anonymousToPublic.default(false),
});
export type CreateDonationBody = z.infer<typeof CreateDonationBody>;

export const UpdateDonationBody = z
  .strictObject({ amount: MoneyAmount, currency: CurrencyCode, donatedAt: calendarInstant('when the gift was made'), campaign: campaign.nullable(), anonymousToPublic })
  .partial()
  .refine(hasAnyField, hasAnyFieldIssue);
export type UpdateDonationBody = z.infer<typeof UpdateDonationBody>;

export const ListDonationsQuery = z
  .strictObject({
    personId: personFilter('donations', 'FINANCE'),
    campaign: campaign.optional().describe('Only donations to this campaign (the exact name).'),
    ...periodFilter('donatedAt'),
    ...pageQuery,
  })
  .refine(fromBeforeTo, fromBeforeToIssue);
export type ListDonationsQuery = z.infer<typeof ListDonationsQuery>;

export const Donation = z.object({
  id: z.uuid(),
  ...subjectFields,
  amount: z.string().describe('A decimal string with two decimals, such as "50.00".'),
  currency: z.string(),
  donatedAt: z.iso.datetime(),
  campaign: z.string().nullable(),
  anonymousToPublic: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Donation = z.infer<typeof Donation>;
