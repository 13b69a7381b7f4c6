import { LocationIdParams, ListLocationsQuery } from '@/lib/lending/locations/schemas';
import { resourceSchemas } from '@/lib/transport/operations/resource-schemas';
import { defineOperation } from '../operation';

// Categories and locations share one endpoint pattern (spec: "same endpoint pattern").
const tag = 'Locations';

export const listLocations = defineOperation({
  method: 'get',
  path: '/v1/locations',
  operationId: 'listLocations',
  summary: 'List locations',
  description: 'Locations of the organisation, oldest first; `q` matches part of the name, ignoring case.',
  tag,
  role: 'EMPLOYEE',
  query: ListLocationsQuery,
  success: { status: 200, description: 'One page of locations.', schema: resourceSchemas.locationPage },
});

export const createLocation = defineOperation({
  method: 'post',
  path: '/v1/locations',
  operationId: 'createLocation',
  summary: 'Create a location',
  tag,
  role: 'ASSET_MANAGER',
  body: resourceSchemas.createLocationBody,
  success: { status: 201, description: 'The created location; Location points to it.', schema: resourceSchemas.location },
  errors: ['LOCATION_NAME_CONFLICT'],
});

export const getLocation = defineOperation({
  method: 'get',
  path: '/v1/locations/{id}',
  operationId: 'getLocation',
  summary: 'Get a location',
  tag,
  role: 'EMPLOYEE',
  params: LocationIdParams,
  success: { status: 200, description: 'The location.', schema: resourceSchemas.location },
  errors: ['LOCATION_NOT_FOUND'],
});

export const updateLocation = defineOperation({
  method: 'patch',
  path: '/v1/locations/{id}',
  operationId: 'updateLocation',
  summary: 'Update a location',
  tag,
  role: 'ASSET_MANAGER',
  params: LocationIdParams,
  body: resourceSchemas.updateLocationBody,
  success: { status: 200, description: 'The updated location.', schema: resourceSchemas.location },
  errors: ['LOCATION_NOT_FOUND', 'LOCATION_NAME_CONFLICT'],
});

export const deleteLocation = defineOperation({
  method: 'delete',
  path: '/v1/locations/{id}',
  operationId: 'deleteLocation',
  summary: 'Delete a location',
  description: 'Only a location that no asset refers to can be deleted; otherwise the answer is 409 LOCATION_IN_USE.',
  tag,
  role: 'ADMIN',
  params: LocationIdParams,
  success: { status: 204, description: 'Deleted; no body.' },
  errors: ['LOCATION_NOT_FOUND', 'LOCATION_IN_USE'],
});
