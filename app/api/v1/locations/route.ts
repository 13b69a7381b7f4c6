import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { createLocation } from '@/lib/lending/locations/create-location';
import { listLocations } from '@/lib/lending/locations/list-locations';
import { CreateLocationBody, ListLocationsQuery } from '@/lib/lending/locations/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/locations – list locations
  GET: route({ role: 'EMPLOYEE', query: ListLocationsQuery }, async ({ tx, ctx, query }) => ok(await listLocations(tx, ctx, query))),

  // POST /api/v1/locations – create a location
  POST: route({ role: 'ASSET_MANAGER', body: CreateLocationBody }, async ({ tx, ctx, body }) => {
    const location = await createLocation(tx, ctx, body);
    return created(location, `/api/v1/locations/${location.id}`);
  }),
});
