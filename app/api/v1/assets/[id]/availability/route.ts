import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getAvailability } from '@/lib/lending/loans/loan-planning';
import * as loans from '@/lib/transport/operations/lending/loans';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(loans.getAssetAvailability, async ({ tx, ctx, params, query }) =>
    ok(await getAvailability(tx, ctx, params.id, query.from, query.to)),
  ),
});
