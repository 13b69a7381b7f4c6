import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { approveLoan } from '@/lib/lending/loans/approve-loan';
import { toLoanDto } from '@/lib/lending/loans/loan-store';
import { LoanIdParams } from '@/lib/lending/loans/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // POST /api/v1/loans/{id}/approve – approve the request, or its pending extension
  POST: route({ role: 'ASSET_MANAGER', params: LoanIdParams }, async ({ tx, ctx, params }) =>
    ok(toLoanDto((await approveLoan(tx, ctx, params.id)).loan, ctx.now)),
  ),
});
