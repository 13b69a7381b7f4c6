// POST /api/v1/loans/checkout – an asset manager checks an asset out at the desk
import { created } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { checkOutLoan } from '@/lib/lending/loans/check-out-loan';
import * as loans from '@/lib/transport/operations/lending/loans';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  POST: route(loans.checkOutLoan, async ({ tx, ctx, body }) => {
    const { loan } = await checkOutLoan(tx, ctx, body);
    return created(loan, `/api/v1/loans/${loan.id}`);
  }),
});
