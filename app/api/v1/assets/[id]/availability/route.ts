import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { AssetIdParams } from '@/lib/lending/assets/schemas';
import { getAvailability } from '@/lib/lending/loans/loan-planning';
import { AvailabilityQuery } from '@/lib/lending/loans/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/assets/{id}/availability?from&to – busy ranges and overlapping pending requests
  GET: route({ role: 'EMPLOYEE', params: AssetIdParams, query: AvailabilityQuery }, async ({ tx, ctx, params, query }) =>
    ok(await getAvailability(tx, ctx, params.id, query.from, query.to)),
  ),
});
