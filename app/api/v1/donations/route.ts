import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { createDonation } from '@/lib/records/donations/create-donation';
import { listDonations } from '@/lib/records/donations/list-donations';
import { CreateDonationBody, ListDonationsQuery } from '@/lib/records/donations/schemas';
import { getDonation } from '@/lib/records/donations/get-donation';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/donations – donations (the FINANCE duty), or the caller's own with personId=me
  GET: route({ role: 'EMPLOYEE', query: ListDonationsQuery }, async ({ tx, ctx, query }) => ok(await listDonations(tx, ctx, query))),

  // POST /api/v1/donations – record a donation (the FINANCE duty)
  POST: route({ role: 'EMPLOYEE', body: CreateDonationBody, readBack: getDonation }, async ({ tx, ctx, body }) => {
    const donation = await createDonation(tx, ctx, body);
    return created(donation, `/api/v1/donations/${donation.id}`);
  }),
});
