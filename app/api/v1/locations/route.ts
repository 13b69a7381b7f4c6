import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { createLocation } from '@/lib/lending/locations/create-location';
import { listLocations } from '@/lib/lending/locations/list-locations';
import * as locations from '@/lib/transport/operations/lending/locations';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(locations.listLocations, async ({ tx, ctx, query }) => ok(await listLocations(tx, ctx, query))),

  POST: route(locations.createLocation, async ({ tx, ctx, body }) => {
    const location = await createLocation(tx, ctx, body);
    return created(location, `/api/v1/locations/${location.id}`);
  }),
});
