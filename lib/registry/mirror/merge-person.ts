import type { PersonSyncStatus, RegistryBase } from '@/db/schema';

/** The fields the registry is master of (spec 002); every other person field belongs to the platform. */
export const mirroredIdentityFields = ['firstName', 'lastName', 'birthDate', 'identifierNational', 'nationality', 'officialEmail'] as const;
export type MirroredIdentityField = (typeof mirroredIdentityFields)[number];

/**
 * Identity values in comparable form: identifierNational is a keyed hash (lib/registry/mirror/identifier-digest.ts) on
 * every side, so the merge never handles the plaintext and the base never stores it.
 */
export type IdentityValues = { [F in MirroredIdentityField]: string | null };

/** A local change of identity fields that is still open: a request to the registry (status open or sent). */
export type OpenProposal = { id: string; fields: Partial<Record<string, unknown>> };

export type FieldConflict = {
  field: MirroredIdentityField;
  /** Why the field counts as changed locally: a direct edit since the last sync, or an open proposal. */
  localChange: 'edited' | 'proposal';
  proposalId?: string;
};

export type MergeInput = {
  local: IdentityValues;
  /** The registry's values at the last sync; null before the first sync of this person. */
  base: RegistryBase | null;
  registry: IdentityValues;
  proposals: OpenProposal[];
  currentStatus: PersonSyncStatus | null;
  /** Fields a partial erasure removed (persons.erased_fields): they stay erased whatever the registry holds. */
  erased?: readonly string[];
};

export type MergeResult = {
  /** The identity fields to write: the registry's value wherever it differs from the local one. */
  update: Partial<IdentityValues>;
  /** The registry's values, to store as the next base. */
  base: RegistryBase;
  conflicts: FieldConflict[];
  /** conflict when a field changed on both sides, and a conflict stays until an admin resolves it. */
  syncStatus: PersonSyncStatus;
};

/**
 * The three-way merge of one mirrored person (spec 002, DESIGN.md "Decisions for spec 002"). The registry's
 * value wins on every identity field; application fields are not this function's to touch. A field is in
 * conflict when it changed on both sides since the base: the registry's value differs from the base, and
 * locally it was either edited (local value differs from the base) or an open proposal asks for a value
 * other than the registry's. A proposal the registry's value now matches is no conflict: it was accepted. A field
 * the subject had erased takes no part: it stays as the erasure left it.
 */
export function mergePerson(input: MergeInput): MergeResult {
  const update: Partial<IdentityValues> = {};
  const conflicts: FieldConflict[] = [];
  const base: RegistryBase = { ...input.registry };
  for (const field of mirroredIdentityFields) {
    // Issue 23: an erased field is the subject's decision, not a local edit. It is never written back and never a
    // conflict, and the base keeps no registry value of it; the registry was asked to clear its copy by a proposal.
    if (input.erased?.includes(field)) {
      base[field] = null;
      continue;
    }
    const registryValue = input.registry[field];
    const localValue = input.local[field];
    if (localValue !== registryValue) update[field] = registryValue;
    if (input.base === null ? false : input.base[field] === registryValue) continue;
    if (input.base !== null && localValue !== input.base[field] && localValue !== registryValue) {
      conflicts.push({ field, localChange: 'edited' });
      continue;
    }
    const proposal = input.proposals.find((p) => Object.hasOwn(p.fields, field) && normalise(p.fields[field]) !== registryValue);
    if (proposal) conflicts.push({ field, localChange: 'proposal', proposalId: proposal.id });
  }
  const syncStatus: PersonSyncStatus = conflicts.length > 0 || input.currentStatus === 'conflict' ? 'conflict' : 'synced';
  return { update, base, conflicts, syncStatus };
}

function normalise(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}
