import { ok } from '@/lib/api/responses';
import { methodNotAllowed, route } from '@/lib/api/route';
import { cancelLoan } from '@/lib/loans/cancel-loan';
import { toLoanDto } from '@/lib/loans/loan-store';
import { LoanIdParams } from '@/lib/loans/schemas';

// POST /api/v1/loans/{id}/cancel – the requester withdraws a pending request
export const POST = route({ role: 'EMPLOYEE', params: LoanIdParams }, async ({ tx, ctx, params }) =>
  ok(toLoanDto(await cancelLoan(tx, ctx, params.id), ctx.now)),
);

export const GET = methodNotAllowed(['POST']);
export const PUT = methodNotAllowed(['POST']);
export const PATCH = methodNotAllowed(['POST']);
export const DELETE = methodNotAllowed(['POST']);
