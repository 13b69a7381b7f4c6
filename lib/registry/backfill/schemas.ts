import { z } from 'zod';
import { pageQuery } from '@/lib/platform/pagination';

export const BackfillStatusValue = z.enum(['not_started', 'requested', 'running', 'completed', 'failed']);

export const RegistryBackfillStatus = z.object({
  phase: z.enum(['off', 'on']).describe('off: phase 0, no registry configured (REGISTRY_URL unset), sync is off. on: a registry is configured.'),
  registryHost: z.string().nullable().describe('The host of the configured registry; never its key.'),
  backfill: z.object({
    status: BackfillStatusValue.describe('not_started until an admin asks; requested and running while the job works; completed; failed (resumed at the next start or night).'),
    snapshotId: z.string().nullable().describe("The registry export snapshot the run pages through; a resumed run continues in it."),
    progress: z.object({
      lastPage: z.number().int().min(0).describe('Pages of the export fully processed.'),
      totalPages: z.number().int().min(0).nullable().describe('Pages of the export; null until the first page is read.'),
    }),
    requestedAt: z.iso.datetime().nullable(),
    startedAt: z.iso.datetime().nullable(),
    finishedAt: z.iso.datetime().nullable(),
    lastError: z.string().nullable(),
  }),
  counts: z
    .object({
      matched: z.number().int().min(0).describe('Local persons linked to their registry record.'),
      mismatched: z.number().int().min(0).describe('Open mismatches: same national identifier, different identity fields.'),
      localOnly: z.number().int().min(0).describe('Local persons without a registry record; they stay local-only.'),
    })
    .describe('Counted from the stored records now.'),
});
export type RegistryBackfillStatus = z.infer<typeof RegistryBackfillStatus>;

export const MismatchStatus = z.enum(['open', 'accepted', 'dismissed']);

export const ListMismatchesQuery = z.strictObject({
  ...pageQuery,
  status: MismatchStatus.default('open').describe('open (default): waiting for a decision; accepted; dismissed.'),
});
export type ListMismatchesQuery = z.infer<typeof ListMismatchesQuery>;

export const MismatchIdParams = z.object({ id: z.uuid() });

const fieldValues = z.record(z.string(), z.string().nullable());

export const RegistryMismatch = z.object({
  id: z.uuid(),
  personId: z.uuid(),
  personName: z.string().describe('The local name of the person.'),
  registryId: z.string(),
  fields: z.array(z.string()).describe('The identity fields that differ (registryId: the registry record is already mirrored by another local person).'),
  localValues: fieldValues.describe('The local values of the differing fields.'),
  registryValues: fieldValues.describe("The registry's values of the differing fields (never a national identifier)."),
  status: MismatchStatus,
  detectedAt: z.iso.datetime(),
  resolvedAt: z.iso.datetime().nullable(),
});
export type RegistryMismatch = z.infer<typeof RegistryMismatch>;

export const ResolvedMismatch = z.object({ mismatch: RegistryMismatch, outcome: z.enum(['updated', 'unchanged', 'conflict', 'dismissed']).describe('What applying the registry values did (updated, unchanged, conflict), or dismissed.') });
