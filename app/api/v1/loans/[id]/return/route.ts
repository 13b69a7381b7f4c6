import { ok } from '@/lib/api/responses';
import { methodNotAllowed, route } from '@/lib/api/route';
import { returnLoan } from '@/lib/loans/return-loan';
import { toLoanDto } from '@/lib/loans/loan-store';
import { ReturnLoanBody, LoanIdParams } from '@/lib/loans/schemas';

// POST /api/v1/loans/{id}/return – return by scanning the asset's QR code: ACTIVE -> RETURNED, asset AVAILABLE
export const POST = route({ role: 'EMPLOYEE', params: LoanIdParams, body: ReturnLoanBody }, async ({ tx, ctx, params, body }) =>
  ok(toLoanDto(await returnLoan(tx, ctx, params.id, body.qrCodeToken), ctx.now)),
);

export const GET = methodNotAllowed(['POST']);
export const PUT = methodNotAllowed(['POST']);
export const PATCH = methodNotAllowed(['POST']);
export const DELETE = methodNotAllowed(['POST']);
