import { pageSchema } from '@/lib/platform/pagination';
import {
  ListMismatchesQuery,
  MismatchIdParams,
  RegistryBackfillStatus as RegistryBackfillStatusSchema,
  RegistryMismatch as RegistryMismatchSchema,
  ResolvedMismatch,
} from '@/lib/registry/backfill/schemas';
import { defineOperation } from '../operation';
import { named } from '../named';

// Spec 002, phase 1: the initial backfill of a tenant from the external registry, and its mismatches.

const tag = 'Registry';

const RegistryBackfillStatus = named('RegistryBackfillStatus', RegistryBackfillStatusSchema);
const RegistryMismatch = named('RegistryMismatch', RegistryMismatchSchema);
const RegistryMismatchPage = named('RegistryMismatchPage', pageSchema(RegistryMismatch));
const ResolvedRegistryMismatch = named('ResolvedRegistryMismatch', ResolvedMismatch);

export const getRegistryBackfill = defineOperation({
  method: 'get',
  path: '/v1/registry/backfill',
  operationId: 'getRegistryBackfill',
  summary: 'Get the registry phase and backfill status',
  description:
    'Whether a registry is configured (phase off = phase 0, sync off) and its host, the initial backfill’s status and progress (pages of the export snapshot processed), and the counts of matched, mismatched and local-only persons, counted now. Answers in phase 0 too (phase off, status not_started).',
  tag,
  role: 'ADMIN',
  success: { status: 200, description: 'The status.', schema: RegistryBackfillStatus },
});

export const startRegistryBackfill = defineOperation({
  method: 'post',
  path: '/v1/registry/backfill',
  operationId: 'startRegistryBackfill',
  summary: 'Start or resume the initial backfill',
  description: [
    'Queues the one-off initial backfill (spec 002, phase 1): a background job pages through the registry’s bulk export and matches local persons by national identifier (decrypted locally).',
    'Same identity fields → the person is linked (registryId, syncStatus synced). Same identifier, other fields → a mismatch for the admin, nothing overwritten. No match → the person stays local-only; registry persons not in the organisation are not imported.',
    'A failed backfill resumes after its last completed page; a completed one starts over from a fresh snapshot, which is idempotent; one already running is left to run. The job also resumes unfinished backfills nightly at 02:30 UTC.',
    'Phase 0 (no registry configured) answers 503 REGISTRY_SYNC_OFF. Records REGISTRY_BACKFILL_REQUESTED.',
  ].join(' '),
  tag,
  role: 'ADMIN',
  success: { status: 202, description: 'The status after the request; Location is this resource.', schema: RegistryBackfillStatus },
  errors: ['REGISTRY_SYNC_OFF'],
});

export const listRegistryMismatches = defineOperation({
  method: 'get',
  path: '/v1/registry/backfill/mismatches',
  operationId: 'listRegistryMismatches',
  summary: 'List registry mismatches',
  description:
    'Persons whose national identifier matched a registry person with differing identity fields: the differing field names, the local and the registry’s values (never a national identifier). Oldest first.',
  tag,
  role: 'ADMIN',
  query: ListMismatchesQuery,
  success: { status: 200, description: 'A page of mismatches.', schema: RegistryMismatchPage },
});

export const acceptRegistryMismatch = defineOperation({
  method: 'post',
  path: '/v1/registry/backfill/mismatches/{id}/accept-registry',
  operationId: 'acceptRegistryMismatch',
  summary: 'Accept the registry’s values',
  description:
    'Fetches the registry’s current record of the person and applies it through the sync merge: identity fields from the registry, application fields kept, the person linked (registryId, synced). Audited as PERSON_SYNCED_FROM_REGISTRY (via backfill). CONFLICT when another local person already mirrors the record or the registry no longer knows it.',
  tag,
  role: 'ADMIN',
  params: MismatchIdParams,
  success: { status: 200, description: 'The accepted mismatch and what applying did.', schema: ResolvedRegistryMismatch },
  errors: ['REGISTRY_MISMATCH_NOT_FOUND', 'REGISTRY_MISMATCH_RESOLVED', 'CONFLICT', 'REGISTRY_SYNC_OFF', 'REGISTRY_UNAVAILABLE'],
});

export const dismissRegistryMismatch = defineOperation({
  method: 'post',
  path: '/v1/registry/backfill/mismatches/{id}/dismiss',
  operationId: 'dismissRegistryMismatch',
  summary: 'Keep the local values',
  description: 'Dismisses the mismatch: the person keeps its local values and stays local-only. Records REGISTRY_MISMATCH_DISMISSED.',
  tag,
  role: 'ADMIN',
  params: MismatchIdParams,
  success: { status: 200, description: 'The dismissed mismatch.', schema: ResolvedRegistryMismatch },
  errors: ['REGISTRY_MISMATCH_NOT_FOUND', 'REGISTRY_MISMATCH_RESOLVED'],
});
