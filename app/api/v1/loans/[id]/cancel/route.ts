import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { cancelLoan } from '@/lib/lending/loans/cancel-loan';
import { toLoanDto } from '@/lib/lending/loans/loan-store';
import { LoanIdParams } from '@/lib/lending/loans/schemas';

// POST /api/v1/loans/{id}/cancel – the requester withdraws a pending request
export const POST = route({ role: 'EMPLOYEE', params: LoanIdParams }, async ({ tx, ctx, params }) =>
  ok(toLoanDto(await cancelLoan(tx, ctx, params.id), ctx.now)),
);

export const GET = methodNotAllowed(['POST']);
export const PUT = methodNotAllowed(['POST']);
export const PATCH = methodNotAllowed(['POST']);
export const DELETE = methodNotAllowed(['POST']);
