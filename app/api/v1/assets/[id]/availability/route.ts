import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { AssetIdParams } from '@/lib/lending/assets/schemas';
import { getAvailability } from '@/lib/lending/loans/loan-planning';
import { AvailabilityQuery } from '@/lib/lending/loans/schemas';

// GET /api/v1/assets/{id}/availability?from&to – busy ranges and overlapping pending requests
export const GET = route({ role: 'EMPLOYEE', params: AssetIdParams, query: AvailabilityQuery }, async ({ tx, ctx, params, query }) =>
  ok(await getAvailability(tx, ctx, params.id, query.from, query.to)),
);

export const PUT = methodNotAllowed(['GET']);
export const POST = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
