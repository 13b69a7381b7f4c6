import { assets } from '@/db/schema';

// Explicit columns: responses never carry the search haystack or the tenant id.
export const assetColumns = {
  id: assets.id,
  name: assets.name,
  categoryId: assets.categoryId,
  locationId: assets.locationId,
  status: assets.status,
  inventoryNumber: assets.inventoryNumber,
  photoUrl: assets.photoUrl,
  serialNumber: assets.serialNumber,
  manufacturer: assets.manufacturer,
  model: assets.model,
  purchaseDate: assets.purchaseDate,
  value: assets.value,
  currency: assets.currency,
  supplier: assets.supplier,
  warrantyMonths: assets.warrantyMonths,
  ownerId: assets.ownerId,
  customFields: assets.customFields,
  labelIssuedAt: assets.labelIssuedAt,
  createdAt: assets.createdAt,
  updatedAt: assets.updatedAt,
};

export const auditedAssetFields = [
  'name', 'categoryId', 'locationId', 'status', 'inventoryNumber', 'photoUrl', 'serialNumber', 'manufacturer', 'model',
  'purchaseDate', 'value', 'currency', 'supplier', 'warrantyMonths', 'ownerId', 'customFields',
] as const;
