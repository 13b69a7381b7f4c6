import { assetMaintenance } from '@/db/schema';
import type { MaintenanceEntry } from './schemas';

export const maintenanceColumns = {
  id: assetMaintenance.id,
  assetId: assetMaintenance.assetId,
  kind: assetMaintenance.kind,
  status: assetMaintenance.status,
  title: assetMaintenance.title,
  description: assetMaintenance.description,
  scheduledFor: assetMaintenance.scheduledFor,
  performedOn: assetMaintenance.performedOn,
  cost: assetMaintenance.cost,
  currency: assetMaintenance.currency,
  vendor: assetMaintenance.vendor,
  createdByUserId: assetMaintenance.createdByUserId,
  createdAt: assetMaintenance.createdAt,
  updatedAt: assetMaintenance.updatedAt,
};

export const auditedMaintenanceFields = ['kind', 'status', 'title', 'description', 'scheduledFor', 'performedOn', 'cost', 'currency', 'vendor'] as const;

export type MaintenanceRow = Omit<MaintenanceEntry, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

export function toMaintenanceDto(row: MaintenanceRow): MaintenanceEntry {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
