import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { createLoan } from '@/lib/lending/loans/create-loan';
import { listLoans } from '@/lib/lending/loans/list-loans';
import { toLoanDto } from '@/lib/lending/loans/loan-store';
import { CreateLoanBody, ListLoansQuery } from '@/lib/lending/loans/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/loans – list loans (own loans; others' need ASSET_MANAGER)
  GET: route({ role: 'EMPLOYEE', query: ListLoansQuery }, async ({ tx, ctx, query }) => ok(await listLoans(tx, ctx, query))),

  // POST /api/v1/loans – file a loan request
  POST: route({ role: 'EMPLOYEE', body: CreateLoanBody }, async ({ tx, ctx, body }) => {
    const { loan } = await createLoan(tx, ctx, body);
    return created(toLoanDto(loan, ctx.now), `/api/v1/loans/${loan.id}`);
  }),
});
