import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { approveLoan } from '@/lib/lending/loans/approve-loan';
import { toLoanDto } from '@/lib/lending/loans/loan-store';
import { LoanIdParams } from '@/lib/lending/loans/schemas';

// POST /api/v1/loans/{id}/approve – approve the request, or its pending extension
export const POST = route({ role: 'ASSET_MANAGER', params: LoanIdParams }, async ({ tx, ctx, params }) =>
  ok(toLoanDto((await approveLoan(tx, ctx, params.id)).loan, ctx.now)),
);

export const GET = methodNotAllowed(['POST']);
export const PUT = methodNotAllowed(['POST']);
export const PATCH = methodNotAllowed(['POST']);
export const DELETE = methodNotAllowed(['POST']);
