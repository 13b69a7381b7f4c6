import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { AssetIdParams, ListAssetsQuery } from '@/lib/assets/schemas';
import { AssetAuditLogQuery } from '@/lib/audit/schemas';
import { registerTenantOperation } from './register-tenant-operation';
import type { ResourceSchemas } from './resource-schemas';

export function registerAssetPaths(registry: OpenAPIRegistry, schemas: ResourceSchemas): void {
  const tag = 'Assets';
  registerTenantOperation(registry, {
    method: 'get',
    path: '/v1/assets',
    operationId: 'listAssets',
    summary: 'List assets',
    description: 'Assets of the organisation, newest first, filtered by status, category, location, owner and free text (every word must match).',
    tag,
    role: 'EMPLOYEE',
    query: ListAssetsQuery,
    success: { status: 200, description: 'One page of assets.', schema: schemas.assetPage },
  });
  registerTenantOperation(registry, {
    method: 'post',
    path: '/v1/assets',
    operationId: 'createAsset',
    summary: 'Create an asset',
    description: 'Creates an asset and records ASSET_CREATED in the audit log.',
    tag,
    role: 'ASSET_MANAGER',
    body: schemas.createAssetBody,
    success: { status: 201, description: 'The created asset; Location points to it.', schema: schemas.asset },
    errors: ['INVENTORY_NUMBER_CONFLICT', 'REFERENCE_CONFLICT'],
  });
  registerTenantOperation(registry, {
    method: 'get',
    path: '/v1/assets/{id}',
    operationId: 'getAsset',
    summary: 'Get an asset',
    tag,
    role: 'EMPLOYEE',
    params: AssetIdParams,
    success: { status: 200, description: 'The asset.', schema: schemas.asset },
    errors: ['ASSET_NOT_FOUND'],
  });
  registerTenantOperation(registry, {
    method: 'patch',
    path: '/v1/assets/{id}',
    operationId: 'updateAsset',
    summary: 'Update an asset',
    description: 'Changes the given fields only and records ASSET_UPDATED with the before and after of each changed field.',
    tag,
    role: 'ASSET_MANAGER',
    params: AssetIdParams,
    body: schemas.updateAssetBody,
    success: { status: 200, description: 'The updated asset.', schema: schemas.asset },
    errors: ['ASSET_NOT_FOUND', 'INVENTORY_NUMBER_CONFLICT', 'REFERENCE_CONFLICT'],
  });
  registerTenantOperation(registry, {
    method: 'delete',
    path: '/v1/assets/{id}',
    operationId: 'deleteAsset',
    summary: 'Delete an asset',
    description: 'Deletes the asset; its audit history remains readable in the tenant audit log.',
    tag,
    role: 'ADMIN',
    params: AssetIdParams,
    success: { status: 204, description: 'Deleted; no body.' },
    errors: ['ASSET_NOT_FOUND', 'ASSET_HAS_LOANS'],
  });
  registerTenantOperation(registry, {
    method: 'get',
    path: '/v1/assets/{id}/audit-log',
    operationId: 'listAssetAuditLog',
    summary: "List an asset's audit log",
    description: 'Every recorded change of one asset (who, when, what), newest first. Entries are immutable.',
    tag,
    role: 'ASSET_MANAGER',
    params: AssetIdParams,
    query: AssetAuditLogQuery,
    success: { status: 200, description: 'One page of audit entries.', schema: schemas.auditEntryPage },
    errors: ['ASSET_NOT_FOUND'],
  });
}
