import { ConflictError, NotFoundError } from '@/lib/platform/core/errors';

export function assetNotFound(assetId: string, organisationId: string): NotFoundError {
  return new NotFoundError('ASSET_NOT_FOUND', 'The asset does not exist.', { assetId, organisationId });
}

export function duplicateInventoryNumber(inventoryNumber: string): ConflictError {
  return new ConflictError('INVENTORY_NUMBER_CONFLICT', 'Another asset already has this inventory number.', { inventoryNumber });
}

export function assetPhotoNotFound(assetId: string): NotFoundError {
  return new NotFoundError('ASSET_PHOTO_NOT_FOUND', 'The asset has no uploaded photo.', { assetId });
}
