import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { pickUpLoan } from '@/lib/lending/loans/pick-up-loan';
import { toLoanDto } from '@/lib/lending/loans/loan-store';
import { LoanIdParams } from '@/lib/lending/loans/schemas';

// POST /api/v1/loans/{id}/pickup – hand the asset over: APPROVED -> ACTIVE, asset LOANED
export const POST = route({ role: 'EMPLOYEE', params: LoanIdParams }, async ({ tx, ctx, params }) =>
  ok(toLoanDto(await pickUpLoan(tx, ctx, params.id), ctx.now)),
);

export const GET = methodNotAllowed(['POST']);
export const PUT = methodNotAllowed(['POST']);
export const PATCH = methodNotAllowed(['POST']);
export const DELETE = methodNotAllowed(['POST']);
