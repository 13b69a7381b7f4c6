import { getDonation as readBack } from '@/lib/records/donations/get-donation';
import { DonationIdParams, ListDonationsQuery } from '@/lib/records/donations/schemas';
import { resourceSchemas as schemas } from '@/lib/transport/operations/resource-schemas';
import { defineOperation } from '../operation';

// Donations are for the FINANCE duty (treasurer) and the donors themselves.
const tag = 'Donations';
const financeOnly = 'Needs the FINANCE duty; the ADMIN role alone answers 403.';
const kept = 'Kept 10 years (spec 001): there is no DELETE, a mistake is corrected with PATCH.';

export const listDonations = defineOperation({
  method: 'get',
  path: '/v1/donations',
  operationId: 'listDonations',
  summary: 'List donations',
  description: `Newest first (by donatedAt). ${financeOnly} Without it, \`personId=me\` lists the caller's own donations.`,
  tag,
  role: 'EMPLOYEE',
  query: ListDonationsQuery,
  success: { status: 200, description: 'One page of donations.', schema: schemas.donationPage },
});

export const createDonation = defineOperation({
  method: 'post',
  path: '/v1/donations',
  operationId: 'createDonation',
  summary: 'Record a donation',
  description: `${financeOnly} ${kept} Records DONATION_RECORDED.`,
  tag,
  role: 'EMPLOYEE',
  body: schemas.createDonationBody,
  success: { status: 201, description: 'The recorded donation; Location points to it.', schema: schemas.donation },
  // The replay of a key whose record the caller may no longer read answers the record's GET 404 (readBack).
  errors: ['PERSON_NOT_FOUND', 'DONATION_NOT_FOUND'],
  readBack,
});

export const getDonation = defineOperation({
  method: 'get',
  path: '/v1/donations/{id}',
  operationId: 'getDonation',
  summary: 'Get a donation',
  description: 'For the FINANCE duty, or the donor (anyone else gets 404, as for a missing donation).',
  tag,
  role: 'EMPLOYEE',
  params: DonationIdParams,
  success: { status: 200, description: 'The donation.', schema: schemas.donation },
  errors: ['DONATION_NOT_FOUND'],
});

export const updateDonation = defineOperation({
  method: 'patch',
  path: '/v1/donations/{id}',
  operationId: 'updateDonation',
  summary: 'Correct a donation',
  description: `${financeOnly} Records DONATION_UPDATED with before and after of each changed field. A gift given back is a refund among the financial transactions.`,
  tag,
  role: 'EMPLOYEE',
  params: DonationIdParams,
  body: schemas.updateDonationBody,
  success: { status: 200, description: 'The corrected donation.', schema: schemas.donation },
  errors: ['DONATION_NOT_FOUND'],
});
