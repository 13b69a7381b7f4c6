import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { personChangeRequests, persons, type RegistryBase } from '@/db/schema';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import type { SystemContext } from '@/lib/platform/core/context';
import { decryptField } from '@/lib/platform/crypto/decrypt-field';
import { encryptField } from '@/lib/platform/crypto/encrypt-field';
import type { FieldEncryption } from '@/lib/platform/crypto/field-encryption';
import { openProposalStatuses } from '@/lib/registry/proposals/schemas';
import { markProposalAccepted } from '@/lib/registry/proposals/settle-proposal';
import { alertSyncConflict } from './alert-sync-conflict';
import { recordSyncConflicts } from '../conflicts/record-sync-conflicts';
import { createIdentifierDigester } from './identifier-digest';
import { type IdentityValues, mergePerson } from './merge-person';
import type { RegistryPerson } from '../adapter/registry-adapter';

export type SyncSource =
  | { via: 'webhook'; deliveryId: string; event: string; secretIndex: number | null }
  | { via: 'reconcile'; runId: string }
  /** An admin accepted the registry's values of a mismatch the initial backfill found. */
  | { via: 'backfill'; mismatchId: string };

export type ApplyRegistryPersonInput = {
  personId: string;
  registryPerson: RegistryPerson;
  source: SyncSource;
  encryption?: FieldEncryption;
  /** The registry's submission that caused this change: the proposal it names is accepted (spec 002, sync out). */
  submissionId?: string | null;
};
export type ApplyOutcome = 'updated' | 'unchanged' | 'conflict' | 'stale' | 'skipped';

/**
 * The registry's updatedAt and version of the value stored as base, so an older answer arriving late never
 * overwrites a newer one; the version settles two changes within the same millisecond.
 */
type StoredBase = RegistryBase & { registryUpdatedAt?: string; registryVersion?: number };

function isOlder(remote: RegistryPerson, base: StoredBase | null): boolean {
  if (!base?.registryUpdatedAt) return false;
  const stored = Date.parse(base.registryUpdatedAt);
  const fetched = Date.parse(remote.updatedAt);
  return stored > fetched || (stored === fetched && base.registryVersion !== undefined && base.registryVersion > remote.version);
}

const plainAuditFields = ['firstName', 'lastName', 'birthDate', 'nationality', 'officialEmail', 'syncStatus', 'registryId', 'deletedAt'] as const;

/**
 * Applies the registry's current state of one person to its mirror in one tenant (in that tenant's RLS
 * transaction): identity fields from the registry through the three-way merge (never a field the subject had
 * erased, issue 23), application fields untouched,
 * base / lastSyncedAt / syncStatus updated, a deactivation at the registry deactivating the person locally
 * (deletedAt; anonymisation stays retention's). Audited as PERSON_SYNCED_FROM_REGISTRY with before/after of the
 * changed fields; the national identifier only as "changed".
 */
export async function applyRegistryPerson(
  tx: Tx,
  ctx: Pick<SystemContext, 'organisationId' | 'requestId' | 'now'> & { user: { id: string } | null; afterCommit?: (fn: () => void) => void },
  input: ApplyRegistryPersonInput): Promise<ApplyOutcome> {
  const { registryPerson: remote } = input;
  const where = and(eq(persons.organisationId, ctx.organisationId), eq(persons.id, input.personId));
  const [row] = await tx
    .select({
      firstName: persons.firstName,
      lastName: persons.lastName,
      birthDate: persons.birthDate,
      identifierNational: persons.identifierNational,
      nationality: persons.nationality,
      officialEmail: persons.officialEmail,
      registryId: persons.registryId,
      syncStatus: persons.syncStatus,
      registryBase: persons.registryBase,
      deletedAt: persons.deletedAt,
      anonymizedAt: persons.anonymizedAt,
      erasedFields: persons.erasedFields,
    })
    .from(persons)
    .where(where)
    .for('update');
  if (!row || row.anonymizedAt) return 'skipped';
  if (row.registryId !== null && row.registryId !== remote.id) return 'skipped';
  const storedBase = row.registryBase as StoredBase | null;
  if (isOlder(remote, storedBase)) return 'stale';

  const digest = await createIdentifierDigester(tx, ctx.organisationId, input.encryption);
  const localIdentifier = row.identifierNational ? await decryptField(tx, ctx, 'person.identifierNational', row.identifierNational, input.encryption) : null;
  const local: IdentityValues = { ...pick(row), identifierNational: digest(localIdentifier) };
  const registry: IdentityValues = { ...pick(remote), identifierNational: digest(remote.nationalIdentifier) };
  if (input.submissionId) await markProposalAccepted(tx, ctx, { submissionId: input.submissionId, personId: input.personId }, 'webhook');
  const open = await tx
    .select({ id: personChangeRequests.id, fields: personChangeRequests.fields })
    .from(personChangeRequests)
    .where(and(eq(personChangeRequests.organisationId, ctx.organisationId), eq(personChangeRequests.personId, input.personId), inArray(personChangeRequests.status, openProposalStatuses)));
  const proposals = open.map((request) => ({ id: request.id, fields: Object.fromEntries(Object.entries(request.fields).map(([field, change]) => [field, change.to])) }));
  const merged = mergePerson({ local, base: storedBase, registry, proposals, currentStatus: row.syncStatus, erased: row.erasedFields });

  const { identifierNational: identifierChanged, ...plainUpdate } = merged.update;
  const deactivate = !remote.active && row.deletedAt === null;
  const next = {
    // firstName and lastName come from the registry, where they are required: never null here.
    ...(plainUpdate as Partial<Pick<typeof persons.$inferInsert, 'firstName' | 'lastName' | 'birthDate' | 'nationality' | 'officialEmail'>>),
    ...(identifierChanged === undefined ? {} : { identifierNational: remote.nationalIdentifier === null ? null : await encryptField(tx, ctx, 'person.identifierNational', remote.nationalIdentifier, input.encryption) }),
    registryId: remote.id,
    registrySubmissionId: null,
    syncStatus: merged.syncStatus,
    registryBase: { ...merged.base, registryUpdatedAt: remote.updatedAt, registryVersion: remote.version } as StoredBase,
    lastSyncedAt: ctx.now,
    ...(deactivate ? { deletedAt: ctx.now } : {}),
  };
  const changes = diffChanges<Record<string, unknown>>(row, { ...row, ...next }, plainAuditFields);
  const identityChanged = Object.keys(merged.update).length > 0;
  await tx
    .update(persons)
    .set({ ...next, ...(identityChanged || deactivate || Object.keys(changes).length > 0 ? { updatedAt: ctx.now } : {}) })
    .where(where);
  if (Object.keys(changes).length === 0 && identifierChanged === undefined) return 'unchanged';

  const source =
    input.source.via === 'webhook'
      ? { via: 'webhook', deliveryId: input.source.deliveryId, event: input.source.event, secretIndex: input.source.secretIndex }
      : input.source.via === 'backfill'
        ? { via: 'backfill', mismatchId: input.source.mismatchId }
        : { via: 'reconcile', runId: input.source.runId };
  await recordAudit(tx, ctx, {
    action: deactivate ? 'PERSON_DEACTIVATED_BY_REGISTRY' : 'PERSON_SYNCED_FROM_REGISTRY',
    targetType: 'PERSON',
    targetId: input.personId,
    changes,
    metadata: {
      registryId: remote.id,
      registryVersion: remote.version,
      fields: Object.keys(merged.update),
      ...(identifierChanged === undefined ? {} : { identifierNational: { changed: true } }),
      conflicts: merged.conflicts.map((conflict) => conflict.field),
      ...source,
    },
  });
  if (merged.conflicts.length === 0) return identityChanged || deactivate ? 'updated' : 'unchanged';
  await recordSyncConflicts(tx, ctx, {
    personId: input.personId,
    registryId: remote.id,
    registryVersion: remote.version,
    source: input.source.via,
    conflicts: merged.conflicts,
    base: storedBase,
    local,
    registry,
    proposals,
  });
  await alertSyncConflict(tx, ctx, {
    personId: input.personId,
    // An erased name is not brought back into an alert either.
    personName: `${row.erasedFields.includes('firstName') ? row.firstName : remote.firstName} ${row.erasedFields.includes('lastName') ? row.lastName : remote.lastName}`,
    registryId: remote.id,
    fields: merged.conflicts.map((conflict) => conflict.field),
    registryVersion: remote.version,
  });
  return 'conflict';
}

function pick(values: { firstName: string; lastName: string; birthDate: string | null; nationality: string | null; officialEmail: string | null }): Omit<IdentityValues, 'identifierNational'> {
  return { firstName: values.firstName, lastName: values.lastName, birthDate: values.birthDate, nationality: values.nationality, officialEmail: values.officialEmail };
}
