import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { pickUpLoan } from '@/lib/lending/loans/pick-up-loan';
import { toLoanDto } from '@/lib/lending/loans/loan-store';
import { LoanIdParams } from '@/lib/lending/loans/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // POST /api/v1/loans/{id}/pickup – hand the asset over: APPROVED -> ACTIVE, asset LOANED
  POST: route({ role: 'EMPLOYEE', params: LoanIdParams }, async ({ tx, ctx, params }) =>
    ok(toLoanDto(await pickUpLoan(tx, ctx, params.id), ctx.now)),
  ),
});
