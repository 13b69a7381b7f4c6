import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { returnLoan } from '@/lib/lending/loans/return-loan';
import { toLoanDto } from '@/lib/lending/loans/loan-store';
import { ReturnLoanBody, LoanIdParams } from '@/lib/lending/loans/schemas';

// POST /api/v1/loans/{id}/return – return by scanning the asset's QR code: ACTIVE -> RETURNED, asset AVAILABLE
export const POST = route({ role: 'EMPLOYEE', params: LoanIdParams, body: ReturnLoanBody }, async ({ tx, ctx, params, body }) =>
  ok(toLoanDto(await returnLoan(tx, ctx, params.id, body.qrCodeToken), ctx.now)),
);

export const GET = methodNotAllowed(['POST']);
export const PUT = methodNotAllowed(['POST']);
export const PATCH = methodNotAllowed(['POST']);
export const DELETE = methodNotAllowed(['POST']);
