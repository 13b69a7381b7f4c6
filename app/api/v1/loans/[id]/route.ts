import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { updateLoan } from '@/lib/lending/loans/update-loan';
import { findLoanRow, toLoanDto } from '@/lib/lending/loans/loan-store';
import * as loans from '@/lib/transport/operations/lending/loans';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(loans.getLoan, async ({ tx, ctx, params }) => ok(toLoanDto(await findLoanRow(tx, ctx, params.id), ctx.now))),

  PATCH: route(loans.updateLoan, async ({ tx, ctx, params, body }) =>
    ok(toLoanDto(await updateLoan(tx, ctx, params.id, body), ctx.now)),
  ),
});
