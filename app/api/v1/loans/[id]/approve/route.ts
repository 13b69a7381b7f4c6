import { ok } from '@/lib/api/responses';
import { methodNotAllowed, route } from '@/lib/api/route';
import { approveLoan } from '@/lib/loans/approve-loan';
import { toLoanDto } from '@/lib/loans/loan-store';
import { LoanIdParams } from '@/lib/loans/schemas';

// POST /api/v1/loans/{id}/approve – approve the request, or its pending extension
export const POST = route({ role: 'ASSET_MANAGER', params: LoanIdParams }, async ({ tx, ctx, params }) =>
  ok(toLoanDto((await approveLoan(tx, ctx, params.id)).loan, ctx.now)),
);

export const GET = methodNotAllowed(['POST']);
export const PUT = methodNotAllowed(['POST']);
export const PATCH = methodNotAllowed(['POST']);
export const DELETE = methodNotAllowed(['POST']);
