import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getLoanDefaults } from '@/lib/lending/loans/loan-planning';
import { LoanDefaultsQuery } from '@/lib/lending/loans/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/loans/defaults?assetId= – dates and purpose prefilled from the caller's last similar loan
  GET: route({ role: 'EMPLOYEE', query: LoanDefaultsQuery }, async ({ tx, ctx, query }) => ok(await getLoanDefaults(tx, ctx, query.assetId))),
});
