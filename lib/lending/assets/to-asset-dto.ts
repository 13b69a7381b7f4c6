import type { assets } from '@/db/schema';
import type { Asset } from './schemas';

export type AssetRow = Omit<typeof assets.$inferSelect, 'searchText' | 'searchVector' | 'organisationId' | 'labelSecretHash'>;

function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

export function toAssetDto(row: AssetRow): Asset {
  return {
    id: row.id,
    name: row.name,
    categoryId: row.categoryId,
    locationId: row.locationId,
    status: row.status,
    inventoryNumber: row.inventoryNumber,
    photoUrl: row.photoUrl,
    serialNumber: row.serialNumber,
    manufacturer: row.manufacturer,
    model: row.model,
    purchaseDate: row.purchaseDate,
    value: row.value,
    currency: row.currency,
    supplier: row.supplier,
    warrantyMonths: row.warrantyMonths,
    warrantyExpiresOn: row.purchaseDate && row.warrantyMonths != null ? addMonths(row.purchaseDate, row.warrantyMonths) : null,
    ownerId: row.ownerId,
    customFields: row.customFields as Asset['customFields'],
    labelIssuedAt: row.labelIssuedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
