import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { rejectLoan } from '@/lib/lending/loans/reject-loan';
import { toLoanDto } from '@/lib/lending/loans/loan-store';
import { RejectLoanBody, LoanIdParams } from '@/lib/lending/loans/schemas';

// POST /api/v1/loans/{id}/reject – reject the request (with a reason), or its pending extension
export const POST = route({ role: 'ASSET_MANAGER', params: LoanIdParams, body: RejectLoanBody }, async ({ tx, ctx, params, body }) =>
  ok(toLoanDto((await rejectLoan(tx, ctx, params.id, body.reason)).loan, ctx.now)),
);

export const GET = methodNotAllowed(['POST']);
export const PUT = methodNotAllowed(['POST']);
export const PATCH = methodNotAllowed(['POST']);
export const DELETE = methodNotAllowed(['POST']);
