import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { extendLoan } from '@/lib/lending/loans/extend-loan';
import { toLoanDto } from '@/lib/lending/loans/loan-store';
import { ExtendLoanBody, LoanIdParams } from '@/lib/lending/loans/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // POST /api/v1/loans/{id}/extend – extend as the loan policy allows
  POST: route({ role: 'EMPLOYEE', params: LoanIdParams, body: ExtendLoanBody }, async ({ tx, ctx, params, body }) =>
    ok(toLoanDto((await extendLoan(tx, ctx, params.id, body.endDate)).loan, ctx.now)),
  ),
});
