import { ok } from '@/lib/api/responses';
import { methodNotAllowed, route } from '@/lib/api/route';
import { AssetIdParams } from '@/lib/assets/schemas';
import { getAvailability } from '@/lib/loans/loan-planning';
import { AvailabilityQuery } from '@/lib/loans/schemas';

// GET /api/v1/assets/{id}/availability?from&to – busy ranges and overlapping pending requests
export const GET = route({ role: 'EMPLOYEE', params: AssetIdParams, query: AvailabilityQuery }, async ({ tx, ctx, params, query }) =>
  ok(await getAvailability(tx, ctx, params.id, query.from, query.to)),
);

export const PUT = methodNotAllowed(['GET']);
export const POST = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
