import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { updateLoan } from '@/lib/lending/loans/update-loan';
import { findLoanRow, toLoanDto } from '@/lib/lending/loans/loan-store';
import { LoanIdParams, UpdateLoanBody } from '@/lib/lending/loans/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/loans/{id} – loan detail (the requester, or ASSET_MANAGER and above)
  GET: route({ role: 'EMPLOYEE', params: LoanIdParams }, async ({ tx, ctx, params }) => ok(toLoanDto(await findLoanRow(tx, ctx, params.id), ctx.now))),

  // PATCH /api/v1/loans/{id} – the requester edits dates or purpose while the request is pending
  PATCH: route({ role: 'EMPLOYEE', params: LoanIdParams, body: UpdateLoanBody }, async ({ tx, ctx, params, body }) =>
    ok(toLoanDto(await updateLoan(tx, ctx, params.id, body), ctx.now)),
  ),
});
