import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { extendLoan } from '@/lib/lending/loans/extend-loan';
import { toLoanDto } from '@/lib/lending/loans/loan-store';
import { ExtendLoanBody, LoanIdParams } from '@/lib/lending/loans/schemas';

// POST /api/v1/loans/{id}/extend – extend as the loan policy allows
export const POST = route({ role: 'EMPLOYEE', params: LoanIdParams, body: ExtendLoanBody }, async ({ tx, ctx, params, body }) =>
  ok(toLoanDto((await extendLoan(tx, ctx, params.id, body.endDate)).loan, ctx.now)),
);

export const GET = methodNotAllowed(['POST']);
export const PUT = methodNotAllowed(['POST']);
export const PATCH = methodNotAllowed(['POST']);
export const DELETE = methodNotAllowed(['POST']);
