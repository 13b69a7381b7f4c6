import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getDonation } from '@/lib/records/donations/get-donation';
import { updateDonation } from '@/lib/records/donations/update-donation';
import * as donations from '@/lib/transport/operations/records/donations';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(donations.getDonation, async ({ tx, ctx, params }) => ok(await getDonation(tx, ctx, params.id))),

  PATCH: route(donations.updateDonation, async ({ tx, ctx, params, body }) =>
    ok(await updateDonation(tx, ctx, params.id, body)),
  ),
});
