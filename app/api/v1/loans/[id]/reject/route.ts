import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { rejectLoan } from '@/lib/lending/loans/reject-loan';
import * as loans from '@/lib/transport/operations/lending/loans';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  POST: route(loans.rejectLoan, async ({ tx, ctx, params, body }) =>
    ok((await rejectLoan(tx, ctx, params.id, body.reason)).loan),
  ),
});
