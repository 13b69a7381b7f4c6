import { and, asc, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '@/db/client';
import { personSyncConflicts, persons } from '@/db/schema';
import { buildPage, decodeCursor, type Page } from '@/lib/platform/pagination';
import type { ListSyncPersonsQuery, SyncPerson } from './schemas';

const nameCursor = z.tuple([z.string(), z.string(), z.uuid()]);

function statusWhere(status: ListSyncPersonsQuery['syncStatus']): SQL | undefined {
  if (status === undefined) return undefined;
  return status === 'local-only' ? isNull(persons.syncStatus) : eq(persons.syncStatus, status);
}

/** Where each of the tenant's persons (anonymised ones aside) stands with the registry, by name, keyset-paged. */
export async function listSyncPersons(tx: Tx, ctx: { organisationId: string }, query: ListSyncPersonsQuery): Promise<Page<SyncPerson>> {
  const where = and(eq(persons.organisationId, ctx.organisationId), isNull(persons.anonymizedAt), statusWhere(query.syncStatus));
  const cursor = query.cursor ? decodeCursor(query.cursor, nameCursor) : null;
  const pageWhere = cursor ? and(where, sql`(${persons.lastName}, ${persons.firstName}, ${persons.id}) > (${cursor[0]}, ${cursor[1]}, ${cursor[2]}::uuid)`) : where;
  const openConflicts = sql<number>`(select count(*)::int from ${personSyncConflicts} c where c.organisation_id = ${persons.organisationId} and c.person_id = ${persons.id} and c.status = 'open')`;
  const [rows, [totals]] = await Promise.all([
    tx
      .select({
        id: persons.id,
        firstName: persons.firstName,
        lastName: persons.lastName,
        registryId: persons.registryId,
        syncStatus: persons.syncStatus,
        lastSyncedAt: persons.lastSyncedAt,
        deletedAt: persons.deletedAt,
        openConflicts,
      })
      .from(persons)
      .where(pageWhere)
      .orderBy(asc(persons.lastName), asc(persons.firstName), asc(persons.id))
      .limit(query.limit + 1),
    tx.select({ total: count() }).from(persons).where(where),
  ]);
  return buildPage(
    rows,
    query.limit,
    totals?.total ?? 0,
    (row) => ({
      personId: row.id,
      name: `${row.firstName} ${row.lastName}`,
      registryId: row.registryId,
      syncStatus: row.syncStatus ?? 'local-only',
      lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
      openConflicts: row.openConflicts,
      deactivated: row.deletedAt !== null,
    }),
    (row) => [row.lastName, row.firstName, row.id],
  );
}
