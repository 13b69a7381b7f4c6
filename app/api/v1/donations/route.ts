import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { createDonation } from '@/lib/records/donations/create-donation';
import { listDonations } from '@/lib/records/donations/list-donations';
import * as donations from '@/lib/transport/operations/records/donations';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(donations.listDonations, async ({ tx, ctx, query }) => ok(await listDonations(tx, ctx, query))),

  POST: route(donations.createDonation, async ({ tx, ctx, body }) => {
    const donation = await createDonation(tx, ctx, body);
    return created(donation, `/api/v1/donations/${donation.id}`);
  }),
});
