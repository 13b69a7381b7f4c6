import { and, eq, gt, isNull, asc } from 'drizzle-orm';
import type { Database, Tx } from '@/db/client';
import { persons, registryBackfillMismatches, registryBackfills, type RegistryBase } from '@/db/schema';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { createContext } from '@/lib/platform/core/context';
import { decryptField } from '@/lib/platform/crypto/decrypt-field';
import type { FieldEncryption } from '@/lib/platform/crypto/field-encryption';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { createIdentifierDigester, type IdentifierDigester } from '../mirror/identifier-digest';
import { mirroredIdentityFields } from '../mirror/merge-person';
import type { RegistryAdapter, RegistryPerson } from '../adapter/registry-adapter';
import { RegistryRequestError } from '../adapter/registry-errors';
import { type ComparedField, comparedFields, countBackfillState, loadBackfill } from './backfill-store';

export type TenantBackfillDeps = {
  db: Database;
  registry: RegistryAdapter;
  now: () => Date;
  runId: string;
  encryption?: FieldEncryption;
  /** Registry persons per export page. */
  pageSize?: number;
  /** Persons decrypted per query while the identifier index is built. */
  decryptBatchSize?: number;
};

export type TenantBackfillOutcome = 'completed' | 'skipped' | 'superseded';

type LocalPerson = { id: string; registryId: string | null; erasedFields: string[] } & Record<ComparedField, string | null>;

/** The fields of a mismatch whose registry values may be stored and shown: everything but the national identifier. */
const storableFields: readonly string[] = comparedFields;

/**
 * The tenant's local persons by the keyed digest of their national identifier, built once per run in batches:
 * each batch is one query, decrypted locally with the tenant's data key (cached), so the registry's export is
 * matched in memory rather than by one query per registry person. Several local persons may share an identifier.
 */
async function indexLocalPersons(tx: Tx, organisationId: string, digest: IdentifierDigester, deps: TenantBackfillDeps) {
  const index = new Map<string, LocalPerson[]>();
  const linked = new Set<string>();
  const batchSize = deps.decryptBatchSize ?? 500;
  let after: string | null = null;
  for (;;) {
    const batch = await tx
      .select({
        id: persons.id,
        registryId: persons.registryId,
        identifierNational: persons.identifierNational,
        firstName: persons.firstName,
        lastName: persons.lastName,
        birthDate: persons.birthDate,
        nationality: persons.nationality,
        officialEmail: persons.officialEmail,
        erasedFields: persons.erasedFields,
      })
      .from(persons)
      .where(and(eq(persons.organisationId, organisationId), isNull(persons.anonymizedAt), after === null ? undefined : gt(persons.id, after)))
      .orderBy(asc(persons.id))
      .limit(batchSize);
    for (const { identifierNational, ...person } of batch) {
      if (person.registryId) linked.add(person.registryId);
      if (!identifierNational) continue;
      const key = digest(await decryptField(tx, { organisationId }, 'person.identifierNational', identifierNational, deps.encryption))!;
      index.set(key, [...(index.get(key) ?? []), person]);
    }
    if (batch.length < batchSize) break;
    after = batch.at(-1)!.id;
  }
  return { index, linked };
}

/** A field the subject had erased is no difference: it stays erased, whatever the registry holds (issue 23). */
function differingFields(local: LocalPerson, remote: RegistryPerson): ComparedField[] {
  return comparedFields.filter((field) => !local.erasedFields.includes(field) && (local[field] ?? null) !== (remote[field] ?? null));
}

/**
 * One page of the export against the index, in one tenant transaction that also records the page as done, so
 * a crash loses at most the page in hand and a resumed run repeats nothing twice. Returns false when another
 * runner moved the backfill on (this one then stops).
 */
async function applyPage(
  deps: TenantBackfillDeps,
  organisationId: string,
  state: { index: Map<string, LocalPerson[]>; linked: Set<string>; digest: IdentifierDigester },
  page: { snapshotId: string; page: number; totalPages: number; records: RegistryPerson[] },
): Promise<boolean> {
  return withTenant(deps.db, organisationId, async (tx) => {
    const row = await loadBackfill(tx, organisationId, { lock: true });
    if (!row || row.status !== 'running' || row.lastPage !== page.page - 1) return false;
    const { ctx } = createContext({ organisationId, requestId: deps.runId, now: deps.now(), user: null });
    for (const remote of page.records) {
      if (!remote.nationalIdentifier) continue;
      const key = state.digest(remote.nationalIdentifier)!;
      for (const local of state.index.get(key) ?? []) {
        // Already linked (to this record by an earlier page or run, or to another one): the sync's business now.
        if (local.registryId !== null) continue;
        const fields = differingFields(local, remote);
        if (fields.length === 0 && !state.linked.has(remote.id)) {
          const base: RegistryBase & { registryUpdatedAt: string; registryVersion: number } = {
            firstName: remote.firstName,
            lastName: remote.lastName,
            birthDate: remote.birthDate,
            identifierNational: key,
            nationality: remote.nationality,
            officialEmail: remote.officialEmail,
            registryUpdatedAt: remote.updatedAt,
            registryVersion: remote.version,
            // The base keeps no registry value of an erased field, as the sync merge does.
            ...Object.fromEntries(mirroredIdentityFields.filter((field) => local.erasedFields.includes(field)).map((field) => [field, null])),
          };
          const [linked] = await tx
            .update(persons)
            .set({ registryId: remote.id, syncStatus: 'synced', registryBase: base, lastSyncedAt: ctx.now, updatedAt: ctx.now })
            .where(and(eq(persons.organisationId, organisationId), eq(persons.id, local.id), isNull(persons.registryId), isNull(persons.anonymizedAt)))
            .returning({ id: persons.id });
          if (!linked) continue;
          local.registryId = remote.id;
          state.linked.add(remote.id);
          // A mismatch the local record no longer has (fixed locally since) is settled by the link.
          await tx
            .delete(registryBackfillMismatches)
            .where(and(eq(registryBackfillMismatches.organisationId, organisationId), eq(registryBackfillMismatches.personId, local.id), eq(registryBackfillMismatches.status, 'open')));
          await recordAudit(tx, ctx, {
            action: 'PERSON_LINKED_TO_REGISTRY',
            targetType: 'PERSON',
            targetId: local.id,
            changes: { registryId: { before: null, after: remote.id }, syncStatus: { before: null, after: 'synced' } },
            metadata: { registryId: remote.id, registryVersion: remote.version, via: 'backfill', snapshotId: page.snapshotId, runId: deps.runId },
          });
          continue;
        }
        // Same identifier, other identity values (or a registry record another local person already mirrors):
        // listed for the admin, nothing overwritten. Only non-sensitive values are kept.
        const listed = fields.length > 0 ? fields : ['registryId'];
        const registryValues = Object.fromEntries(listed.filter((field) => storableFields.includes(field)).map((field) => [field, remote[field as ComparedField] ?? null]));
        await tx
          .insert(registryBackfillMismatches)
          .values({ organisationId, personId: local.id, registryId: remote.id, fields: listed, registryValues, status: 'open', detectedAt: ctx.now })
          .onConflictDoUpdate({
            target: [registryBackfillMismatches.organisationId, registryBackfillMismatches.personId, registryBackfillMismatches.registryId],
            set: { fields: listed, registryValues },
            setWhere: eq(registryBackfillMismatches.status, 'open'),
          });
      }
    }
    const counts = await countBackfillState(tx, organisationId);
    await tx
      .update(registryBackfills)
      .set({ snapshotId: page.snapshotId, lastPage: page.page, totalPages: page.totalPages, ...counts, lastError: null, updatedAt: ctx.now })
      .where(eq(registryBackfills.organisationId, organisationId));
    return true;
  });
}

/**
 * Spec 002's initial backfill (phase 1) of one tenant: every page of the registry's bulk export, resumed after
 * the last completed page of the same snapshot. Matches are made on the national identifier across the whole
 * export (the tenant's registry organisation id is not known here yet, so organizationIds are not filtered on):
 * same identity → registryId, synced, base stored; differing fields → a mismatch for the admin; registry persons
 * not in the tenant are not imported, and local persons without a match stay local-only.
 */
export async function runTenantBackfill(deps: TenantBackfillDeps, organisationId: string): Promise<TenantBackfillOutcome> {
  const started = await withTenant(deps.db, organisationId, async (tx) => {
    const row = await loadBackfill(tx, organisationId, { lock: true });
    if (!row || row.status === 'completed') return null;
    const now = deps.now();
    await tx
      .update(registryBackfills)
      .set({ status: 'running', startedAt: row.startedAt ?? now, lastError: null, updatedAt: now })
      .where(eq(registryBackfills.organisationId, organisationId));
    const digest = await createIdentifierDigester(tx, organisationId, deps.encryption);
    return { row, digest, ...(await indexLocalPersons(tx, organisationId, digest, deps)) };
  });
  if (!started) return 'skipped';
  const state = { index: started.index, linked: started.linked, digest: started.digest };
  let snapshotId = started.row.snapshotId ?? undefined;
  let nextPage = snapshotId ? started.row.lastPage + 1 : 1;
  if (!snapshotId && started.row.lastPage !== 0) await resetProgress(deps, organisationId);
  const pageSize = deps.pageSize ?? 500;
  for (;;) {
    const totalPages = started.row.totalPages;
    if (snapshotId && totalPages !== null && nextPage > totalPages) break;
    let page;
    try {
      page = await deps.registry.exportPersons({ page: nextPage, pageSize, snapshotId });
    } catch (error) {
      // The registry keeps snapshots for a while only: an expired one means starting over (idempotent).
      if (error instanceof RegistryRequestError && error.details.status === 404 && snapshotId) {
        await resetProgress(deps, organisationId);
        snapshotId = undefined;
        nextPage = 1;
        started.row.totalPages = null;
        continue;
      }
      throw error;
    }
    if (!(await applyPage(deps, organisationId, state, { snapshotId: page.snapshotId, page: nextPage, totalPages: page.totalPages, records: page.records }))) return 'superseded';
    snapshotId = page.snapshotId;
    started.row.totalPages = page.totalPages;
    if (nextPage >= page.totalPages) break;
    nextPage += 1;
  }
  return withTenant(deps.db, organisationId, async (tx) => {
    const row = await loadBackfill(tx, organisationId, { lock: true });
    if (!row || row.status !== 'running') return 'superseded' as const;
    const counts = await countBackfillState(tx, organisationId);
    await tx
      .update(registryBackfills)
      .set({ status: 'completed', ...counts, finishedAt: deps.now(), updatedAt: deps.now() })
      .where(eq(registryBackfills.organisationId, organisationId));
    return 'completed' as const;
  });
}

async function resetProgress(deps: TenantBackfillDeps, organisationId: string) {
  await withTenant(deps.db, organisationId, (tx) =>
    tx.update(registryBackfills).set({ snapshotId: null, lastPage: 0, totalPages: null, updatedAt: deps.now() }).where(eq(registryBackfills.organisationId, organisationId)),
  );
}

/** Records why a run stopped; the progress made stays, and the next run resumes from it. */
export async function failTenantBackfill(deps: Pick<TenantBackfillDeps, 'db' | 'now'>, organisationId: string, message: string): Promise<void> {
  await withTenant(deps.db, organisationId, (tx) =>
    tx
      .update(registryBackfills)
      .set({ status: 'failed', lastError: message, updatedAt: deps.now() })
      .where(and(eq(registryBackfills.organisationId, organisationId), eq(registryBackfills.status, 'running'))),
  );
}
