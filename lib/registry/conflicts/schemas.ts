import { z } from 'zod';
import { pageQuery } from '@/lib/platform/pagination';
import { mirroredIdentityFields } from '../mirror/merge-person';

export const SyncConflictStatus = z.enum(['open', 'resolved']);

export const ListSyncConflictsQuery = z.strictObject({
  ...pageQuery,
  status: SyncConflictStatus.default('open').describe('open (default): waiting for an admin; resolved.'),
});
export type ListSyncConflictsQuery = z.infer<typeof ListSyncConflictsQuery>;

export const SyncConflictIdParams = z.object({ id: z.uuid() });

export const ResolveSyncConflictBody = z.strictObject({
  resolution: z
    .enum(['registry_value', 'local_value_reproposed'])
    .describe(
      "registry_value: the registry's value (already applied) stands; the field is withdrawn from the person's open change requests. " +
        'local_value_reproposed: the local value is proposed to the registry again, against the new base (the registry’s value now): a new change proposal, approved by this admin and submitted by the proposal job; the field is withdrawn from older proposals. Not for the national identifier, whose local value is never stored with the conflict (422 CONFLICT_VALUE_HIDDEN).',
    ),
});
export type ResolveSyncConflictBody = z.infer<typeof ResolveSyncConflictBody>;

export const SyncConflict = z.object({
  id: z.uuid(),
  personId: z.uuid(),
  personName: z.string().describe('The name of the person now (the registry’s, if it changed a name).'),
  registryId: z.string(),
  field: z.enum(mirroredIdentityFields),
  valuesHidden: z.boolean().describe('true for the national identifier: its values are never stored or shown, only that it changed on both sides.'),
  baseValue: z.string().nullable().describe('The registry’s value at the last sync before the conflict: what both sides changed from.'),
  localValue: z.string().nullable().describe('The local value: the local edit, or the value an open change request asked for.'),
  registryValue: z.string().nullable().describe('The registry’s value, already applied to the person.'),
  localChange: z.enum(['edited', 'proposal']).describe('edited: changed here directly; proposal: asked for in an open change request.'),
  changeRequestId: z.uuid().nullable(),
  source: z.enum(['webhook', 'reconcile', 'backfill']).describe('What found it: a webhook, the nightly reconcile, or a backfill mismatch being accepted.'),
  status: SyncConflictStatus,
  resolution: z.enum(['registry_value', 'local_value_reproposed']).nullable(),
  detectedAt: z.iso.datetime(),
  resolvedAt: z.iso.datetime().nullable(),
  resolvedBy: z.uuid().nullable(),
});
export type SyncConflict = z.infer<typeof SyncConflict>;

export const ResolvedSyncConflict = z.object({
  conflict: SyncConflict,
  syncStatus: z.enum(['synced', 'conflict']).describe('The person’s sync status after the resolution: synced once no other conflict of theirs is open.'),
  changeRequests: z.array(z.object({ id: z.uuid(), closed: z.boolean().describe('true: the request asked for nothing else and is rejected; false: only this field was withdrawn from it.') })),
  proposalId: z.uuid().nullable().describe('local_value_reproposed: the new change proposal (approved_locally, on its way to the registry); null otherwise.'),
});
export type ResolvedSyncConflict = z.infer<typeof ResolvedSyncConflict>;
