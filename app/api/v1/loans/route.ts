import { created, ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { createLoan } from '@/lib/lending/loans/create-loan';
import { listLoans } from '@/lib/lending/loans/list-loans';
import { toLoanDto } from '@/lib/lending/loans/loan-store';
import { CreateLoanBody, ListLoansQuery } from '@/lib/lending/loans/schemas';

// GET /api/v1/loans – list loans (own loans; others' need ASSET_MANAGER)
export const GET = route({ role: 'EMPLOYEE', query: ListLoansQuery }, async ({ tx, ctx, query }) => ok(await listLoans(tx, ctx, query)));

// POST /api/v1/loans – file a loan request
export const POST = route({ role: 'EMPLOYEE', body: CreateLoanBody }, async ({ tx, ctx, body }) => {
  const { loan } = await createLoan(tx, ctx, body);
  return created(toLoanDto(loan, ctx.now), `/api/v1/loans/${loan.id}`);
});

export const PUT = methodNotAllowed(['GET', 'POST']);
export const PATCH = methodNotAllowed(['GET', 'POST']);
export const DELETE = methodNotAllowed(['GET', 'POST']);
