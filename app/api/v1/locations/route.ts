import { created, ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { createLocation } from '@/lib/lending/locations/create-location';
import { listLocations } from '@/lib/lending/locations/list-locations';
import { CreateLocationBody, ListLocationsQuery } from '@/lib/lending/locations/schemas';

// GET /api/v1/locations – list locations
export const GET = route({ role: 'EMPLOYEE', query: ListLocationsQuery }, async ({ tx, ctx, query }) => ok(await listLocations(tx, ctx, query)));

// POST /api/v1/locations – create a location
export const POST = route({ role: 'ASSET_MANAGER', body: CreateLocationBody }, async ({ tx, ctx, body }) => {
  const location = await createLocation(tx, ctx, body);
  return created(location, `/api/v1/locations/${location.id}`);
});

export const PUT = methodNotAllowed(['GET', 'POST']);
export const PATCH = methodNotAllowed(['GET', 'POST']);
export const DELETE = methodNotAllowed(['GET', 'POST']);
