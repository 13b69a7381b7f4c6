import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { cancelLoan } from '@/lib/lending/loans/cancel-loan';
import { toLoanDto } from '@/lib/lending/loans/loan-store';
import { LoanIdParams } from '@/lib/lending/loans/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // POST /api/v1/loans/{id}/cancel – the requester withdraws a pending request
  POST: route({ role: 'EMPLOYEE', params: LoanIdParams }, async ({ tx, ctx, params }) =>
    ok(toLoanDto(await cancelLoan(tx, ctx, params.id), ctx.now)),
  ),
});
