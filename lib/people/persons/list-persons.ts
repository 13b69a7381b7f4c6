import { and, asc, count, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { persons } from '@/db/schema';
import { buildPage, decodeCursor, type Page, timestampCursor } from '@/lib/platform/pagination';
import type { RequestContext } from '@/lib/platform/core/context';
import { ForbiddenError } from '@/lib/platform/core/errors';
import { canReadDirectory } from './get-person';
import type { ListPersonsQuery, Person } from './schemas';
import { personColumns, toPersonDto } from './to-person-dto';

/** The directory: non-sensitive fields only; the national identifier is never part of a list. */
export async function listPersons(tx: Tx, ctx: RequestContext, query: ListPersonsQuery): Promise<Page<Person>> {
  if (!canReadDirectory(ctx)) {
    throw new ForbiddenError('The directory of persons requires the ADMIN role or a duty.', { requiredRole: 'ADMIN', orDuty: 'any' });
  }
  const filters: SQL[] = [eq(persons.organisationId, ctx.organisationId)];
  if (query.primaryRole) filters.push(eq(persons.primaryRole, query.primaryRole));
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(or(sql`${persons.firstName} ilike ${pattern}`, sql`${persons.lastName} ilike ${pattern}`)!);
  }
  const where = and(...filters);
  const cursor = query.cursor ? decodeCursor(query.cursor, timestampCursor) : null;
  const pageWhere = cursor ? and(where, sql`(${persons.createdAt}, ${persons.id}) > (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`) : where;
  const [rows, [totals]] = await Promise.all([
    tx.select(personColumns).from(persons).where(pageWhere).orderBy(asc(persons.createdAt), asc(persons.id)).limit(query.limit + 1),
    tx.select({ total: count() }).from(persons).where(where),
  ]);
  return buildPage(rows, query.limit, totals?.total ?? 0, toPersonDto, (row) => [row.createdAt.toISOString(), row.id]);
}
