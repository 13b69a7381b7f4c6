import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { updateLoan } from '@/lib/lending/loans/update-loan';
import { findLoanRow, toLoanDto } from '@/lib/lending/loans/loan-store';
import { LoanIdParams, UpdateLoanBody } from '@/lib/lending/loans/schemas';

// GET /api/v1/loans/{id} – loan detail (the requester, or ASSET_MANAGER and above)
export const GET = route({ role: 'EMPLOYEE', params: LoanIdParams }, async ({ tx, ctx, params }) => ok(toLoanDto(await findLoanRow(tx, ctx, params.id), ctx.now)));

// PATCH /api/v1/loans/{id} – the requester edits dates or purpose while the request is pending
export const PATCH = route({ role: 'EMPLOYEE', params: LoanIdParams, body: UpdateLoanBody }, async ({ tx, ctx, params, body }) =>
  ok(toLoanDto(await updateLoan(tx, ctx, params.id, body), ctx.now)),
);

export const PUT = methodNotAllowed(['GET', 'PATCH']);
export const POST = methodNotAllowed(['GET', 'PATCH']);
export const DELETE = methodNotAllowed(['GET', 'PATCH']);
