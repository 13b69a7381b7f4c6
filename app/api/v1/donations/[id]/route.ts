import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { getDonation } from '@/lib/records/donations/get-donation';
import { DonationIdParams, UpdateDonationBody } from '@/lib/records/donations/schemas';
import { updateDonation } from '@/lib/records/donations/update-donation';

// GET /api/v1/donations/{id} – a donation (the FINANCE duty, or the donor)
export const GET = route({ role: 'EMPLOYEE', params: DonationIdParams }, async ({ tx, ctx, params }) => ok(await getDonation(tx, ctx, params.id)));

// PATCH /api/v1/donations/{id} – correct a donation (the FINANCE duty); kept 10 years, so never deleted
export const PATCH = route({ role: 'EMPLOYEE', params: DonationIdParams, body: UpdateDonationBody }, async ({ tx, ctx, params, body }) =>
  ok(await updateDonation(tx, ctx, params.id, body)),
);

export const PUT = methodNotAllowed(['GET', 'PATCH']);
export const POST = methodNotAllowed(['GET', 'PATCH']);
export const DELETE = methodNotAllowed(['GET', 'PATCH']);
