import { created, ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { createDonation } from '@/lib/records/donations/create-donation';
import { listDonations } from '@/lib/records/donations/list-donations';
import { CreateDonationBody, ListDonationsQuery } from '@/lib/records/donations/schemas';
import { getDonation } from '@/lib/records/donations/get-donation';

// GET /api/v1/donations – donations (the FINANCE duty), or the caller's own with personId=me
export const GET = route({ role: 'EMPLOYEE', query: ListDonationsQuery }, async ({ tx, ctx, query }) => ok(await listDonations(tx, ctx, query)));

// POST /api/v1/donations – record a donation (the FINANCE duty)
export const POST = route({ role: 'EMPLOYEE', body: CreateDonationBody, readBack: getDonation }, async ({ tx, ctx, body }) => {
  const donation = await createDonation(tx, ctx, body);
  return created(donation, `/api/v1/donations/${donation.id}`);
});

export const PUT = methodNotAllowed(['GET', 'POST']);
export const PATCH = methodNotAllowed(['GET', 'POST']);
export const DELETE = methodNotAllowed(['GET', 'POST']);
