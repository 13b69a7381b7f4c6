import { ok } from '@/lib/api/responses';
import { methodNotAllowed, route } from '@/lib/api/route';
import { pickUpLoan } from '@/lib/loans/pick-up-loan';
import { toLoanDto } from '@/lib/loans/loan-store';
import { LoanIdParams } from '@/lib/loans/schemas';

// POST /api/v1/loans/{id}/pickup – hand the asset over: APPROVED -> ACTIVE, asset LOANED
export const POST = route({ role: 'EMPLOYEE', params: LoanIdParams }, async ({ tx, ctx, params }) =>
  ok(toLoanDto(await pickUpLoan(tx, ctx, params.id), ctx.now)),
);

export const GET = methodNotAllowed(['POST']);
export const PUT = methodNotAllowed(['POST']);
export const PATCH = methodNotAllowed(['POST']);
export const DELETE = methodNotAllowed(['POST']);
