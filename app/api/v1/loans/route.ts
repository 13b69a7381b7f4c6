import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { createLoan } from '@/lib/lending/loans/create-loan';
import { listLoans } from '@/lib/lending/loans/list-loans';
import * as loans from '@/lib/transport/operations/lending/loans';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(loans.listLoans, async ({ tx, ctx, query }) => ok(await listLoans(tx, ctx, query))),

  POST: route(loans.createLoan, async ({ tx, ctx, body }) => {
    const { loan } = await createLoan(tx, ctx, body);
    return created(loan, `/api/v1/loans/${loan.id}`);
  }),
});
