import { noContent, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { deleteLocation } from '@/lib/lending/locations/delete-location';
import { getLocation } from '@/lib/lending/locations/get-location';
import { updateLocation } from '@/lib/lending/locations/update-location';
import * as locations from '@/lib/transport/operations/lending/locations';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(locations.getLocation, async ({ tx, ctx, params }) =>
    ok(await getLocation(tx, ctx, params.id)),
  ),

  PATCH: route(locations.updateLocation, async ({ tx, ctx, params, body }) =>
    ok(await updateLocation(tx, ctx, params.id, body)),
  ),

  DELETE: route(locations.deleteLocation, async ({ tx, ctx, params }) => {
    await deleteLocation(tx, ctx, params.id);
    return noContent();
  }),
});
