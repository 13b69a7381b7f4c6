import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { extendLoan } from '@/lib/lending/loans/extend-loan';
import * as loans from '@/lib/transport/operations/lending/loans';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  POST: route(loans.extendLoan, async ({ tx, ctx, params, body }) =>
    ok((await extendLoan(tx, ctx, params.id, body.endDate)).loan),
  ),
});
