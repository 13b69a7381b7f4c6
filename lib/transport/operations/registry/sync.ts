import { pageSchema } from '@/lib/platform/pagination';
import {
  ListSyncConflictsQuery,
  ResolvedSyncConflict,
  ResolveSyncConflictBody,
  SyncConflict,
  SyncConflictIdParams,
} from '@/lib/registry/conflicts/schemas';
import { ListSyncPersonsQuery, ListTenantDeliveriesQuery, SyncPerson, SyncStateList, TenantDelivery } from '@/lib/registry/sync-admin/schemas';
import { defineOperation } from '../operation';
import { named } from '../named';

// Spec 002, phase 2: the admin's view of the sync — persons' status, conflicts and their resolution, the
// nightly reconcile and the webhook deliveries that concern the organisation.

const tag = 'Registry';

const RegistrySyncConflict = named('RegistrySyncConflict', SyncConflict);
const RegistrySyncConflictPage = named('RegistrySyncConflictPage', pageSchema(RegistrySyncConflict));
const ResolvedRegistrySyncConflict = named('ResolvedRegistrySyncConflict', ResolvedSyncConflict);
const RegistrySyncPerson = named('RegistrySyncPerson', SyncPerson);
const RegistrySyncPersonPage = named('RegistrySyncPersonPage', pageSchema(RegistrySyncPerson));
const RegistrySyncStateList = named('RegistrySyncStateList', SyncStateList);
const RegistryTenantDelivery = named('RegistryTenantDelivery', TenantDelivery);
const RegistryTenantDeliveryPage = named('RegistryTenantDeliveryPage', pageSchema(RegistryTenantDelivery));

export const listRegistrySyncPersons = defineOperation({
  method: 'get',
  path: '/v1/registry/persons',
  operationId: 'listRegistrySyncPersons',
  summary: 'List persons with their sync status',
  description:
    'Every person of the organisation (anonymised ones aside) with their registry id, sync status (local-only when not linked), last sync and open conflicts, by last name. Filter with syncStatus.',
  tag,
  role: 'ADMIN',
  query: ListSyncPersonsQuery,
  success: { status: 200, description: 'A page of persons.', schema: RegistrySyncPersonPage },
});

export const listRegistrySyncConflicts = defineOperation({
  method: 'get',
  path: '/v1/registry/conflicts',
  operationId: 'listRegistrySyncConflicts',
  summary: 'List sync conflicts',
  description:
    'Identity fields that changed both at the registry and here since the last sync (a local edit, or an open change request asking for another value), each with the base, local and registry values; the national identifier only as changed (valuesHidden). The registry’s value is already applied. Newest first.',
  tag,
  role: 'ADMIN',
  query: ListSyncConflictsQuery,
  success: { status: 200, description: 'A page of conflicts.', schema: RegistrySyncConflictPage },
});

export const getRegistrySyncConflict = defineOperation({
  method: 'get',
  path: '/v1/registry/conflicts/{id}',
  operationId: 'getRegistrySyncConflict',
  summary: 'Get a sync conflict',
  description: 'One conflict with its three values. Another organisation’s conflict answers 404.',
  tag,
  role: 'ADMIN',
  params: SyncConflictIdParams,
  success: { status: 200, description: 'The conflict.', schema: RegistrySyncConflict },
  errors: ['REGISTRY_CONFLICT_NOT_FOUND'],
});

export const resolveRegistrySyncConflict = defineOperation({
  method: 'post',
  path: '/v1/registry/conflicts/{id}/resolve',
  operationId: 'resolveRegistrySyncConflict',
  summary: 'Resolve a sync conflict',
  description:
    'Either way the conflict is closed, the field is withdrawn from the person’s change proposals still here (pending or approved_locally; one left with nothing to ask is rejected with the reason), and the person is synced again once none of their conflicts is open. resolution registry_value: the registry’s value (already applied) stands. resolution local_value_reproposed: the local value is proposed to the registry again against the new base, as a new change proposal approved by this admin (`proposalId`), submitted by the proposal job; not for the national identifier (422 CONFLICT_VALUE_HIDDEN). Records REGISTRY_CONFLICT_RESOLVED.',
  tag,
  role: 'ADMIN',
  params: SyncConflictIdParams,
  body: ResolveSyncConflictBody,
  success: { status: 200, description: 'The resolved conflict, the person’s sync status and the change requests touched.', schema: ResolvedRegistrySyncConflict },
  errors: ['REGISTRY_CONFLICT_NOT_FOUND', 'REGISTRY_CONFLICT_RESOLVED', 'CONFLICT_VALUE_HIDDEN', 'REGISTRY_SYNC_OFF'],
});

export const getRegistrySyncState = defineOperation({
  method: 'get',
  path: '/v1/registry/sync-state',
  operationId: 'getRegistrySyncState',
  summary: 'Get the nightly reconcile’s state',
  description: 'Per entity (person, organization): the last run, the last successful run, the last error and the changedSince the next run asks for. Nulls before the first run.',
  tag,
  role: 'ADMIN',
  success: { status: 200, description: 'The state per entity.', schema: RegistrySyncStateList },
});

export const listRegistryWebhookDeliveries = defineOperation({
  method: 'get',
  path: '/v1/registry/webhook-deliveries',
  operationId: 'listRegistryWebhookDeliveries',
  summary: 'List the webhook deliveries that concern the organisation',
  description:
    'Deliveries of the registry’s webhook about a person the organisation mirrors or about its own registry organisation, newest first, with what each did here (outcome). Deliveries about other organisations’ persons are never listed.',
  tag,
  role: 'ADMIN',
  query: ListTenantDeliveriesQuery,
  success: { status: 200, description: 'A page of deliveries.', schema: RegistryTenantDeliveryPage },
});
