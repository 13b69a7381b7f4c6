import { noContent, ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { findLocationRow, toLocationDto } from '@/lib/lending/locations/location-store';
import { deleteLocation } from '@/lib/lending/locations/delete-location';
import { LocationIdParams, UpdateLocationBody } from '@/lib/lending/locations/schemas';
import { updateLocation } from '@/lib/lending/locations/update-location';

// GET /api/v1/locations/{id} – location detail
export const GET = route({ role: 'EMPLOYEE', params: LocationIdParams }, async ({ tx, ctx, params }) =>
  ok(toLocationDto(await findLocationRow(tx, ctx.organisationId, params.id))),
);

// PATCH /api/v1/locations/{id} – update a location
export const PATCH = route({ role: 'ASSET_MANAGER', params: LocationIdParams, body: UpdateLocationBody }, async ({ tx, ctx, params, body }) =>
  ok(await updateLocation(tx, ctx, params.id, body)),
);

// DELETE /api/v1/locations/{id} – delete a location that no asset refers to
export const DELETE = route({ role: 'ADMIN', params: LocationIdParams }, async ({ tx, ctx, params }) => {
  await deleteLocation(tx, ctx, params.id);
  return noContent();
});

export const PUT = methodNotAllowed(['GET', 'PATCH', 'DELETE']);
export const POST = methodNotAllowed(['GET', 'PATCH', 'DELETE']);
