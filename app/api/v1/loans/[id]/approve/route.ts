import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { approveLoan } from '@/lib/lending/loans/approve-loan';
import * as loans from '@/lib/transport/operations/lending/loans';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  POST: route(loans.approveLoan, async ({ tx, ctx, params }) =>
    ok((await approveLoan(tx, ctx, params.id)).loan),
  ),
});
