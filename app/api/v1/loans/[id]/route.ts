import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { updateLoan } from '@/lib/lending/loans/update-loan';
import { getLoan } from '@/lib/lending/loans/get-loan';
import * as loans from '@/lib/transport/operations/lending/loans';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(loans.getLoan, async ({ tx, ctx, params }) => ok(await getLoan(tx, ctx, params.id))),

  PATCH: route(loans.updateLoan, async ({ tx, ctx, params, body }) =>
    ok(await updateLoan(tx, ctx, params.id, body)),
  ),
});
