import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { getLoanDefaults } from '@/lib/lending/loans/loan-planning';
import { LoanDefaultsQuery } from '@/lib/lending/loans/schemas';

// GET /api/v1/loans/defaults?assetId= – dates and purpose prefilled from the caller's last similar loan
export const GET = route({ role: 'EMPLOYEE', query: LoanDefaultsQuery }, async ({ tx, ctx, query }) => ok(await getLoanDefaults(tx, ctx, query.assetId)));

export const PUT = methodNotAllowed(['GET']);
export const POST = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
