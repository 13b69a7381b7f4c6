import { sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { personSyncConflicts, type RegistryBase, type SyncConflictSource } from '@/db/schema';
import type { FieldConflict, IdentityValues, OpenProposal } from '../mirror/merge-person';

export type RecordSyncConflictsInput = {
  personId: string;
  registryId: string;
  registryVersion: number;
  source: SyncConflictSource;
  conflicts: FieldConflict[];
  base: RegistryBase | null;
  /** The person's values before the registry's were applied. */
  local: IdentityValues;
  registry: IdentityValues;
  proposals: OpenProposal[];
};

const text = (value: unknown): string | null => (value === null || value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value));

/**
 * Records each conflicting field with its three values. The national identifier is only ever said to have
 * changed (values_hidden): here it is a keyed hash on every side, and even that stays out of the table. A field
 * already in open conflict keeps its first base (what both sides changed from) and takes the newest values.
 */
export async function recordSyncConflicts(tx: Tx, ctx: { organisationId: string; now: Date }, input: RecordSyncConflictsInput): Promise<void> {
  if (input.conflicts.length === 0) return;
  const rows = input.conflicts.map((conflict) => {
    const hidden = conflict.field === 'identifierNational';
    const proposal = conflict.proposalId ? input.proposals.find((p) => p.id === conflict.proposalId) : undefined;
    const localValue = conflict.localChange === 'proposal' ? text(proposal?.fields[conflict.field]) : input.local[conflict.field];
    return {
      organisationId: ctx.organisationId,
      personId: input.personId,
      registryId: input.registryId,
      field: conflict.field,
      baseValue: hidden ? null : (input.base?.[conflict.field] ?? null),
      localValue: hidden ? null : localValue,
      registryValue: hidden ? null : input.registry[conflict.field],
      valuesHidden: hidden,
      localChange: conflict.localChange,
      changeRequestId: conflict.proposalId ?? null,
      source: input.source,
      registryVersion: input.registryVersion,
      detectedAt: ctx.now,
    };
  });
  await tx
    .insert(personSyncConflicts)
    .values(rows)
    .onConflictDoUpdate({
      target: [personSyncConflicts.organisationId, personSyncConflicts.personId, personSyncConflicts.field],
      targetWhere: sql`${personSyncConflicts.status} = 'open'`,
      set: {
        localValue: sql`excluded.local_value`,
        registryValue: sql`excluded.registry_value`,
        localChange: sql`excluded.local_change`,
        changeRequestId: sql`excluded.change_request_id`,
        source: sql`excluded.source`,
        registryVersion: sql`excluded.registry_version`,
        detectedAt: sql`excluded.detected_at`,
      },
    });
}
