import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { AssetIdParams } from '@/lib/lending/assets/schemas';
import { CreateMaintenanceBody, MaintenanceEntry, MaintenanceEntryParams, MaintenanceList, UpdateMaintenanceBody } from '@/lib/lending/maintenance/schemas';
import { nameSchema } from './name-schema';
import { registerTenantOperation } from './register-tenant-operation';

const assetPhoto = nameSchema('AssetPhoto', z.string(), { format: 'binary', description: 'The image bytes: PNG, JPEG or WebP, at most 5 MB.' });

export function registerMaintenanceAndPhotoPaths(registry: OpenAPIRegistry): void {
  const entry = registry.register('MaintenanceEntry', nameSchema('MaintenanceEntry', MaintenanceEntry, { description: 'A repair, service or inspection of an asset, planned or done.' }));
  const list = registry.register('MaintenanceList', nameSchema('MaintenanceList', MaintenanceList, { description: "An asset's maintenance entries, planned ones first, with the total cost of the done ones." }));
  const createBody = registry.register('CreateMaintenanceBody', nameSchema('CreateMaintenanceBody', CreateMaintenanceBody));
  const updateBody = registry.register('UpdateMaintenanceBody', nameSchema('UpdateMaintenanceBody', UpdateMaintenanceBody));
  registry.register('AssetPhoto', assetPhoto);
  const tag = 'Assets';
  registerTenantOperation(registry, {
    method: 'get',
    path: '/v1/assets/{id}/maintenance',
    operationId: 'listAssetMaintenance',
    summary: "List an asset's maintenance",
    description: 'Service history and planned maintenance of one asset, with the total cost of the done entries per currency.',
    tag,
    role: 'EMPLOYEE',
    params: AssetIdParams,
    success: { status: 200, description: 'The entries and totals.', schema: list },
    errors: ['ASSET_NOT_FOUND'],
  });
  registerTenantOperation(registry, {
    method: 'post',
    path: '/v1/assets/{id}/maintenance',
    operationId: 'addAssetMaintenance',
    summary: 'Add a maintenance entry',
    description: 'Records a planned entry (scheduledFor required) or a done one (performedOn required) and MAINTENANCE_ADDED on the asset’s audit log.',
    tag,
    role: 'ASSET_MANAGER',
    params: AssetIdParams,
    body: createBody,
    success: { status: 201, description: 'The created entry; Location points to it.', schema: entry },
    errors: ['ASSET_NOT_FOUND'],
  });
  registerTenantOperation(registry, {
    method: 'patch',
    path: '/v1/assets/{id}/maintenance/{entryId}',
    operationId: 'updateAssetMaintenance',
    summary: 'Update a maintenance entry',
    description: 'Changes the given fields (for example marks a planned entry DONE with its date and cost) and records MAINTENANCE_UPDATED on the asset’s audit log.',
    tag,
    role: 'ASSET_MANAGER',
    params: MaintenanceEntryParams,
    body: updateBody,
    success: { status: 200, description: 'The updated entry.', schema: entry },
    errors: ['ASSET_NOT_FOUND', 'MAINTENANCE_ENTRY_NOT_FOUND'],
  });
  registerTenantOperation(registry, {
    method: 'get',
    path: '/v1/assets/{id}/photo',
    operationId: 'getAssetPhoto',
    summary: "Get an asset's photo",
    description: 'The photo uploaded in the portal; an asset’s photoUrl points here. Answers 304 to a matching If-None-Match.',
    tag,
    role: 'EMPLOYEE',
    params: AssetIdParams,
    success: {
      status: 200,
      description: 'The image.',
      schema: assetPhoto,
      mediaType: 'image/*',
      headers: { ETag: { description: 'Changes when a new photo is uploaded.', schema: { type: 'string' } } },
    },
    errors: ['ASSET_NOT_FOUND', 'ASSET_PHOTO_NOT_FOUND'],
  });
}
