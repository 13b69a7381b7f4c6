import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { rejectLoan } from '@/lib/lending/loans/reject-loan';
import { toLoanDto } from '@/lib/lending/loans/loan-store';
import { RejectLoanBody, LoanIdParams } from '@/lib/lending/loans/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // POST /api/v1/loans/{id}/reject – reject the request (with a reason), or its pending extension
  POST: route({ role: 'ASSET_MANAGER', params: LoanIdParams, body: RejectLoanBody }, async ({ tx, ctx, params, body }) =>
    ok(toLoanDto((await rejectLoan(tx, ctx, params.id, body.reason)).loan, ctx.now)),
  ),
});
