import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { returnLoan } from '@/lib/lending/loans/return-loan';
import { toLoanDto } from '@/lib/lending/loans/loan-store';
import { ReturnLoanBody, LoanIdParams } from '@/lib/lending/loans/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // POST /api/v1/loans/{id}/return – return by scanning the asset's QR code: ACTIVE -> RETURNED, asset AVAILABLE
  POST: route({ role: 'EMPLOYEE', params: LoanIdParams, body: ReturnLoanBody }, async ({ tx, ctx, params, body }) =>
    ok(toLoanDto(await returnLoan(tx, ctx, params.id, body.qrCodeToken), ctx.now)),
  ),
});
