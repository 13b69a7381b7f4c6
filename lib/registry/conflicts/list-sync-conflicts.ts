import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { personSyncConflicts, persons } from '@/db/schema';
import { buildPage, decodeCursor, type Page, timestampCursor } from '@/lib/platform/pagination';
import { syncConflictNotFound } from './errors';
import type { ListSyncConflictsQuery, SyncConflict } from './schemas';

export const conflictColumns = {
  id: personSyncConflicts.id,
  personId: personSyncConflicts.personId,
  registryId: personSyncConflicts.registryId,
  field: personSyncConflicts.field,
  valuesHidden: personSyncConflicts.valuesHidden,
  baseValue: personSyncConflicts.baseValue,
  localValue: personSyncConflicts.localValue,
  registryValue: personSyncConflicts.registryValue,
  localChange: personSyncConflicts.localChange,
  changeRequestId: personSyncConflicts.changeRequestId,
  source: personSyncConflicts.source,
  status: personSyncConflicts.status,
  resolution: personSyncConflicts.resolution,
  detectedAt: personSyncConflicts.detectedAt,
  resolvedAt: personSyncConflicts.resolvedAt,
  resolvedBy: personSyncConflicts.resolvedBy,
  firstName: persons.firstName,
  lastName: persons.lastName,
};

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

function toDto({ firstName, lastName, ...row }: Row): SyncConflict {
  return {
    ...row,
    personName: `${firstName} ${lastName}`,
    field: row.field as SyncConflict['field'],
    detectedAt: row.detectedAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

function select(tx: Tx, organisationId: string) {
  return tx
    .select(conflictColumns)
    .from(personSyncConflicts)
    .innerJoin(persons, and(eq(persons.organisationId, personSyncConflicts.organisationId), eq(persons.id, personSyncConflicts.personId)))
    .where(eq(personSyncConflicts.organisationId, organisationId))
    .$dynamic();
}

/** The tenant's sync conflicts in one status (open by default), newest first, keyset-paged by (detected_at, id). */
export async function listSyncConflicts(tx: Tx, ctx: { organisationId: string }, query: ListSyncConflictsQuery): Promise<Page<SyncConflict>> {
  const where = and(eq(personSyncConflicts.organisationId, ctx.organisationId), eq(personSyncConflicts.status, query.status));
  const cursor = query.cursor ? decodeCursor(query.cursor, timestampCursor) : null;
  const pageWhere = cursor ? and(where, sql`(${personSyncConflicts.detectedAt}, ${personSyncConflicts.id}) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`) : where;
  const [rows, [totals]] = await Promise.all([
    select(tx, ctx.organisationId)
      .where(pageWhere)
      .orderBy(desc(personSyncConflicts.detectedAt), desc(personSyncConflicts.id))
      .limit(query.limit + 1),
    tx.select({ total: count() }).from(personSyncConflicts).where(where),
  ]);
  return buildPage(rows, query.limit, totals?.total ?? 0, toDto, (row) => [row.detectedAt.toISOString(), row.id]);
}

export async function getSyncConflict(tx: Tx, ctx: { organisationId: string }, id: string, options: { lock?: boolean } = {}): Promise<SyncConflict> {
  const query = select(tx, ctx.organisationId).where(and(eq(personSyncConflicts.organisationId, ctx.organisationId), eq(personSyncConflicts.id, id)));
  const [row] = options.lock ? await query.for('update', { of: personSyncConflicts }) : await query;
  if (!row) throw syncConflictNotFound(id);
  return toDto(row);
}
