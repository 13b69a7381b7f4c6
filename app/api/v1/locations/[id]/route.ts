import { noContent, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { findLocationRow, toLocationDto } from '@/lib/lending/locations/location-store';
import { deleteLocation } from '@/lib/lending/locations/delete-location';
import { LocationIdParams, UpdateLocationBody } from '@/lib/lending/locations/schemas';
import { updateLocation } from '@/lib/lending/locations/update-location';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/locations/{id} – location detail
  GET: route({ role: 'EMPLOYEE', params: LocationIdParams }, async ({ tx, ctx, params }) =>
    ok(toLocationDto(await findLocationRow(tx, ctx.organisationId, params.id))),
  ),

  // PATCH /api/v1/locations/{id} – update a location
  PATCH: route({ role: 'ASSET_MANAGER', params: LocationIdParams, body: UpdateLocationBody }, async ({ tx, ctx, params, body }) =>
    ok(await updateLocation(tx, ctx, params.id, body)),
  ),

  // DELETE /api/v1/locations/{id} – delete a location that no asset refers to
  DELETE: route({ role: 'ADMIN', params: LocationIdParams }, async ({ tx, ctx, params }) => {
    await deleteLocation(tx, ctx, params.id);
    return noContent();
  }),
});
