import { z } from 'zod';
import { pageQuery } from '@/lib/platform/pagination';

export const SyncStatusFilter = z.enum(['synced', 'pending', 'conflict', 'pending_registration', 'local-only']);
export type SyncStatusFilter = z.infer<typeof SyncStatusFilter>;

export const ListSyncPersonsQuery = z.strictObject({
  ...pageQuery,
  syncStatus: SyncStatusFilter.optional().describe('Only persons in this state; local-only: not linked to the registry (no registryId and no pending registration). All when absent.'),
});
export type ListSyncPersonsQuery = z.infer<typeof ListSyncPersonsQuery>;

export const SyncPerson = z.object({
  personId: z.uuid(),
  name: z.string(),
  registryId: z.string().nullable(),
  syncStatus: SyncStatusFilter,
  lastSyncedAt: z.iso.datetime().nullable(),
  openConflicts: z.number().int().min(0),
  deactivated: z.boolean().describe('Deactivated here (deletedAt set), for example because the registry deactivated the person.'),
});
export type SyncPerson = z.infer<typeof SyncPerson>;

export const SyncStateEntry = z.object({
  entity: z.enum(['person', 'organization']),
  changedSince: z.iso.datetime().nullable().describe('The next run asks the registry for records changed since this instant (advanced only by a successful run).'),
  lastRunAt: z.iso.datetime().nullable(),
  lastSuccessAt: z.iso.datetime().nullable(),
  lastError: z.string().nullable().describe('Why the last run failed; null after a success.'),
});
export const SyncStateList = z.object({ data: z.array(SyncStateEntry) });
export type SyncStateEntry = z.infer<typeof SyncStateEntry>;

export const ListTenantDeliveriesQuery = z.strictObject({ ...pageQuery });
export type ListTenantDeliveriesQuery = z.infer<typeof ListTenantDeliveriesQuery>;

export const TenantDelivery = z.object({
  id: z.uuid(),
  event: z.string().nullable(),
  registryPersonId: z.string().nullable(),
  subjectId: z.string().nullable().describe('The registry organisation the event is about, for organization events.'),
  personId: z.uuid().nullable().describe('The local person the event is about.'),
  changedFields: z.array(z.string()),
  status: z.enum(['received', 'retry', 'processed', 'ignored', 'failed', 'rejected']).describe('Where the delivery stands on the platform: received and retry wait for processing; failed was given up (the nightly reconcile catches up).'),
  outcome: z
    .enum(['waiting', 'updated', 'conflict', 'deactivated', 'unchanged', 'ignored', 'failed'])
    .describe('What it did in this organisation: updated, conflict, deactivated or unchanged once processed; waiting before; ignored or failed.'),
  attempts: z.number().int().min(0),
  receivedAt: z.iso.datetime(),
  processedAt: z.iso.datetime().nullable(),
});
export type TenantDelivery = z.infer<typeof TenantDelivery>;
