import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { pickUpLoan } from '@/lib/lending/loans/pick-up-loan';
import * as loans from '@/lib/transport/operations/lending/loans';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  POST: route(loans.pickUpLoan, async ({ tx, ctx, params }) =>
    ok(await pickUpLoan(tx, ctx, params.id)),
  ),
});
