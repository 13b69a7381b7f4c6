import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { cancelLoan } from '@/lib/lending/loans/cancel-loan';
import * as loans from '@/lib/transport/operations/lending/loans';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  POST: route(loans.cancelLoan, async ({ tx, ctx, params, body }) =>
    ok((await cancelLoan(tx, ctx, params.id, body)).loan),
  ),
});
