import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { returnLoan } from '@/lib/lending/loans/return-loan';
import * as loans from '@/lib/transport/operations/lending/loans';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  POST: route(loans.returnLoan, async ({ tx, ctx, params, body }) =>
    ok(await returnLoan(tx, ctx, params.id, body.qrCodeToken)),
  ),
});
