import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { persons, registryBackfillMismatches, registryBackfills } from '@/db/schema';
import { buildPage, decodeCursor, type Page, timestampCursor } from '@/lib/platform/pagination';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import type { RequestContext } from '@/lib/platform/core/context';
import { ConflictError } from '@/lib/platform/core/errors';
import type { FieldEncryption } from '@/lib/platform/crypto/field-encryption';
import { type ApplyOutcome, applyRegistryPerson } from '../mirror/apply-registry-person';
import type { RegistryAdapter, RegistryPerson } from '../adapter/registry-adapter';
import { RegistryUnavailableError } from '../adapter/registry-errors';
import { countBackfillState } from './backfill-store';
import { mismatchNotFound, mismatchResolved, registrySyncOff, registryUnavailable } from './errors';
import type { ListMismatchesQuery, RegistryMismatch } from './schemas';

const columns = {
  id: registryBackfillMismatches.id,
  personId: registryBackfillMismatches.personId,
  registryId: registryBackfillMismatches.registryId,
  fields: registryBackfillMismatches.fields,
  registryValues: registryBackfillMismatches.registryValues,
  status: registryBackfillMismatches.status,
  detectedAt: registryBackfillMismatches.detectedAt,
  resolvedAt: registryBackfillMismatches.resolvedAt,
  firstName: persons.firstName,
  lastName: persons.lastName,
  birthDate: persons.birthDate,
  nationality: persons.nationality,
  officialEmail: persons.officialEmail,
};
type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] } & { birthDate: string | null };

const localFields = ['firstName', 'lastName', 'birthDate', 'nationality', 'officialEmail'] as const;

function toDto(row: Row): RegistryMismatch {
  const localValues = Object.fromEntries(row.fields.filter((field): field is (typeof localFields)[number] => (localFields as readonly string[]).includes(field)).map((field) => [field, row[field] ?? null]));
  return {
    id: row.id,
    personId: row.personId,
    personName: `${row.firstName} ${row.lastName}`,
    registryId: row.registryId,
    fields: row.fields,
    localValues,
    registryValues: row.registryValues,
    status: row.status,
    detectedAt: row.detectedAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

function select(tx: Tx, organisationId: string) {
  return tx
    .select(columns)
    .from(registryBackfillMismatches)
    .innerJoin(persons, and(eq(persons.organisationId, registryBackfillMismatches.organisationId), eq(persons.id, registryBackfillMismatches.personId)))
    .where(eq(registryBackfillMismatches.organisationId, organisationId))
    .$dynamic();
}

/** The mismatches of the tenant's backfill in one status (open by default), oldest first, keyset-paged by (detected_at, id). */
export async function listMismatches(tx: Tx, ctx: Pick<RequestContext, 'organisationId'>, query: ListMismatchesQuery): Promise<Page<RegistryMismatch>> {
  const where = and(eq(registryBackfillMismatches.organisationId, ctx.organisationId), eq(registryBackfillMismatches.status, query.status));
  const cursor = query.cursor ? decodeCursor(query.cursor, timestampCursor) : null;
  const pageWhere = cursor ? and(where, sql`(${registryBackfillMismatches.detectedAt}, ${registryBackfillMismatches.id}) > (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`) : where;
  const [rows, [totals]] = await Promise.all([
    select(tx, ctx.organisationId)
      .where(pageWhere)
      .orderBy(asc(registryBackfillMismatches.detectedAt), asc(registryBackfillMismatches.id))
      .limit(query.limit + 1),
    tx.select({ total: count() }).from(registryBackfillMismatches).where(where),
  ]);
  return buildPage(rows as Row[], query.limit, totals?.total ?? 0, toDto, (row) => [row.detectedAt.toISOString(), row.id]);
}

async function loadOpen(tx: Tx, organisationId: string, id: string): Promise<Row> {
  const [row] = (await select(tx, organisationId)
    .where(and(eq(registryBackfillMismatches.organisationId, organisationId), eq(registryBackfillMismatches.id, id)))
    .for('update', { of: registryBackfillMismatches })) as Row[];
  if (!row) throw mismatchNotFound(id);
  if (row.status !== 'open') throw mismatchResolved(id, row.status);
  return row;
}

async function reload(tx: Tx, organisationId: string, id: string): Promise<RegistryMismatch> {
  const [row] = (await select(tx, organisationId).where(and(eq(registryBackfillMismatches.organisationId, organisationId), eq(registryBackfillMismatches.id, id)))) as Row[];
  return toDto(row!);
}

/**
 * The admin takes the registry's values: the registry's current record is fetched and applied through the same
 * merge as the webhook (identity fields from the registry, application fields kept; audited as
 * PERSON_SYNCED_FROM_REGISTRY with via backfill), which also links the person (registryId, synced, base).
 */
export async function acceptRegistryValues(
  tx: Tx,
  ctx: RequestContext,
  input: { id: string; registry: RegistryAdapter | null; encryption?: FieldEncryption },
): Promise<{ mismatch: RegistryMismatch; outcome: ApplyOutcome }> {
  if (!input.registry) throw registrySyncOff();
  const row = await loadOpen(tx, ctx.organisationId, input.id);
  const [taken] = await tx
    .select({ id: persons.id })
    .from(persons)
    .where(and(eq(persons.organisationId, ctx.organisationId), eq(persons.registryId, row.registryId)));
  if (taken && taken.id !== row.personId) {
    throw new ConflictError('CONFLICT', 'Another person of this organisation already mirrors this registry record; dismiss this mismatch or resolve the duplicate first.', { registryId: row.registryId });
  }
  let remote: RegistryPerson | null;
  try {
    remote = await input.registry.getPerson(row.registryId);
  } catch (error) {
    if (error instanceof RegistryUnavailableError) throw registryUnavailable();
    throw error;
  }
  if (!remote) throw new ConflictError('CONFLICT', 'The registry no longer knows this person; dismiss the mismatch.', { registryId: row.registryId });
  const outcome = await applyRegistryPerson(tx, ctx, { personId: row.personId, registryPerson: remote, source: { via: 'backfill', mismatchId: row.id }, encryption: input.encryption });
  if (outcome === 'skipped' || outcome === 'stale') throw new ConflictError('CONFLICT', 'The person changed meanwhile (linked to another registry record or anonymised); the mismatch cannot be applied.', { outcome });
  await tx
    .update(registryBackfillMismatches)
    .set({ status: 'accepted', resolvedAt: ctx.now, resolvedBy: ctx.user.id })
    .where(and(eq(registryBackfillMismatches.organisationId, ctx.organisationId), eq(registryBackfillMismatches.id, row.id)));
  await refreshCounts(tx, ctx.organisationId);
  return { mismatch: await reload(tx, ctx.organisationId, row.id), outcome };
}

/** The admin keeps the local values: nothing changes on the person, who stays local-only (a change proposal to the registry is issue 15's). */
export async function dismissMismatch(tx: Tx, ctx: RequestContext, input: { id: string }): Promise<RegistryMismatch> {
  const row = await loadOpen(tx, ctx.organisationId, input.id);
  await tx
    .update(registryBackfillMismatches)
    .set({ status: 'dismissed', resolvedAt: ctx.now, resolvedBy: ctx.user.id })
    .where(and(eq(registryBackfillMismatches.organisationId, ctx.organisationId), eq(registryBackfillMismatches.id, row.id)));
  await recordAudit(tx, ctx, {
    action: 'REGISTRY_MISMATCH_DISMISSED',
    targetType: 'PERSON',
    targetId: row.personId,
    changes: {},
    metadata: { mismatchId: row.id, registryId: row.registryId, fields: row.fields },
  });
  await refreshCounts(tx, ctx.organisationId);
  return reload(tx, ctx.organisationId, row.id);
}

async function refreshCounts(tx: Tx, organisationId: string) {
  await tx.update(registryBackfills).set(await countBackfillState(tx, organisationId)).where(eq(registryBackfills.organisationId, organisationId));
}
