import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { ZodObject, ZodType } from 'zod';
import { CategoryIdParams, ListCategoriesQuery } from '@/lib/lending/categories/schemas';
import { ListLocationsQuery, LocationIdParams } from '@/lib/lending/locations/schemas';
import type { ErrorCode } from './error-catalogue';
import { registerTenantOperation } from './register-tenant-operation';
import type { ResourceSchemas } from './resource-schemas';

type CatalogResource = {
  tag: string;
  collection: string;
  singular: string;
  plural: string;
  idParams: ZodObject;
  listQuery: ZodObject;
  item: ZodType;
  page: ZodType;
  createBody: ZodType;
  updateBody: ZodType;
  notFound: ErrorCode;
  nameConflict: ErrorCode;
  inUse: ErrorCode;
};

// Categories and locations share one endpoint pattern (spec: "same endpoint pattern").
function registerCatalogResource(registry: OpenAPIRegistry, resource: CatalogResource): void {
  const { tag, collection, singular, plural, idParams } = resource;
  const Singular = singular[0]!.toUpperCase() + singular.slice(1);
  const Plural = plural[0]!.toUpperCase() + plural.slice(1);
  const itemPath = `/v1/${collection}/{id}`;
  registerTenantOperation(registry, {
    method: 'get',
    path: `/v1/${collection}`,
    operationId: `list${Plural}`,
    summary: `List ${plural}`,
    description: `${Plural} of the organisation, oldest first; \`q\` matches part of the name, ignoring case.`,
    tag,
    role: 'EMPLOYEE',
    query: resource.listQuery,
    success: { status: 200, description: `One page of ${plural}.`, schema: resource.page },
  });
  registerTenantOperation(registry, {
    method: 'post',
    path: `/v1/${collection}`,
    operationId: `create${Singular}`,
    summary: `Create a ${singular}`,
    tag,
    role: 'ASSET_MANAGER',
    body: resource.createBody,
    success: { status: 201, description: `The created ${singular}; Location points to it.`, schema: resource.item },
    errors: [resource.nameConflict],
  });
  registerTenantOperation(registry, {
    method: 'get',
    path: itemPath,
    operationId: `get${Singular}`,
    summary: `Get a ${singular}`,
    tag,
    role: 'EMPLOYEE',
    params: idParams,
    success: { status: 200, description: `The ${singular}.`, schema: resource.item },
    errors: [resource.notFound],
  });
  registerTenantOperation(registry, {
    method: 'patch',
    path: itemPath,
    operationId: `update${Singular}`,
    summary: `Update a ${singular}`,
    tag,
    role: 'ASSET_MANAGER',
    params: idParams,
    body: resource.updateBody,
    success: { status: 200, description: `The updated ${singular}.`, schema: resource.item },
    errors: [resource.notFound, resource.nameConflict],
  });
  registerTenantOperation(registry, {
    method: 'delete',
    path: itemPath,
    operationId: `delete${Singular}`,
    summary: `Delete a ${singular}`,
    description: `Only a ${singular} that no asset refers to can be deleted; otherwise the answer is 409 ${resource.inUse}.`,
    tag,
    role: 'ADMIN',
    params: idParams,
    success: { status: 204, description: 'Deleted; no body.' },
    errors: [resource.notFound, resource.inUse],
  });
}

export function registerCatalogPaths(registry: OpenAPIRegistry, schemas: ResourceSchemas): void {
  registerCatalogResource(registry, {
    tag: 'Categories',
    collection: 'categories',
    singular: 'category',
    plural: 'categories',
    idParams: CategoryIdParams,
    listQuery: ListCategoriesQuery,
    item: schemas.category,
    page: schemas.categoryPage,
    createBody: schemas.createCategoryBody,
    updateBody: schemas.updateCategoryBody,
    notFound: 'CATEGORY_NOT_FOUND',
    nameConflict: 'CATEGORY_NAME_CONFLICT',
    inUse: 'CATEGORY_IN_USE',
  });
  registerCatalogResource(registry, {
    tag: 'Locations',
    collection: 'locations',
    singular: 'location',
    plural: 'locations',
    idParams: LocationIdParams,
    listQuery: ListLocationsQuery,
    item: schemas.location,
    page: schemas.locationPage,
    createBody: schemas.createLocationBody,
    updateBody: schemas.updateLocationBody,
    notFound: 'LOCATION_NOT_FOUND',
    nameConflict: 'LOCATION_NAME_CONFLICT',
    inUse: 'LOCATION_IN_USE',
  });
}
