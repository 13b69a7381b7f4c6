import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getDonation } from '@/lib/records/donations/get-donation';
import { DonationIdParams, UpdateDonationBody } from '@/lib/records/donations/schemas';
import { updateDonation } from '@/lib/records/donations/update-donation';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/donations/{id} – a donation (the FINANCE duty, or the donor)
  GET: route({ role: 'EMPLOYEE', params: DonationIdParams }, async ({ tx, ctx, params }) => ok(await getDonation(tx, ctx, params.id))),

  // PATCH /api/v1/donations/{id} – correct a donation (the FINANCE duty); kept 10 years, so never deleted
  PATCH: route({ role: 'EMPLOYEE', params: DonationIdParams, body: UpdateDonationBody }, async ({ tx, ctx, params, body }) =>
    ok(await updateDonation(tx, ctx, params.id, body)),
  ),
});
