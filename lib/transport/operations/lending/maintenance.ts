import { AssetIdParams } from '@/lib/lending/assets/schemas';
import * as maintenance from '@/lib/lending/maintenance/schemas';
import { defineOperation } from '../operation';
import { named } from '../named';

const tag = 'Assets';

const MaintenanceEntry = named('MaintenanceEntry', maintenance.MaintenanceEntry, { description: 'A repair, service or inspection of an asset, planned or done.' });
const MaintenanceList = named('MaintenanceList', maintenance.MaintenanceList, { description: "An asset's maintenance entries, planned ones first, with the total cost of the done ones." });
const CreateMaintenanceBody = named('CreateMaintenanceBody', maintenance.CreateMaintenanceBody);
const UpdateMaintenanceBody = named('UpdateMaintenanceBody', maintenance.UpdateMaintenanceBody);

export const listAssetMaintenance = defineOperation({
  method: 'get',
  path: '/v1/assets/{id}/maintenance',
  operationId: 'listAssetMaintenance',
  summary: "List an asset's maintenance",
  description: 'Service history and planned maintenance of one asset, with the total cost of the done entries per currency.',
  tag,
  role: 'EMPLOYEE',
  params: AssetIdParams,
  success: { status: 200, description: 'The entries and totals.', schema: MaintenanceList },
  errors: ['ASSET_NOT_FOUND'],
});

export const addAssetMaintenance = defineOperation({
  method: 'post',
  path: '/v1/assets/{id}/maintenance',
  operationId: 'addAssetMaintenance',
  summary: 'Add a maintenance entry',
  description: 'Records a planned entry (scheduledFor required) or a done one (performedOn required) and MAINTENANCE_ADDED on the asset’s audit log.',
  tag,
  role: 'ASSET_MANAGER',
  params: AssetIdParams,
  body: CreateMaintenanceBody,
  success: { status: 201, description: 'The created entry; Location points to it.', schema: MaintenanceEntry },
  errors: ['ASSET_NOT_FOUND'],
});

export const updateAssetMaintenance = defineOperation({
  method: 'patch',
  path: '/v1/assets/{id}/maintenance/{entryId}',
  operationId: 'updateAssetMaintenance',
  summary: 'Update a maintenance entry',
  description: 'Changes the given fields (for example marks a planned entry DONE with its date and cost) and records MAINTENANCE_UPDATED on the asset’s audit log.',
  tag,
  role: 'ASSET_MANAGER',
  params: maintenance.MaintenanceEntryParams,
  body: UpdateMaintenanceBody,
  success: { status: 200, description: 'The updated entry.', schema: MaintenanceEntry },
  errors: ['ASSET_NOT_FOUND', 'MAINTENANCE_ENTRY_NOT_FOUND'],
});
