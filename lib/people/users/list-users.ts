import { and, asc, count, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { persons, users } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { buildPage, decodeCursor, type Page, timestampCursor } from '@/lib/platform/pagination';
import type { ListUsersQuery, User } from './schemas';
import { toUserDto, userColumns } from './user-store';

export async function listUsers(tx: Tx, ctx: RequestContext, query: ListUsersQuery): Promise<Page<User>> {
  const filters: SQL[] = [eq(users.organisationId, ctx.organisationId)];
  if (query.role) filters.push(eq(users.role, query.role));
  if (query.isActive !== undefined) filters.push(eq(users.isActive, query.isActive));
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(or(sql`${persons.firstName} ilike ${pattern}`, sql`${persons.lastName} ilike ${pattern}`, sql`${users.email} ilike ${pattern}`)!);
  }
  const where = and(...filters);
  const cursor = query.cursor ? decodeCursor(query.cursor, timestampCursor) : null;
  const pageWhere = cursor ? and(where, sql`(${users.createdAt}, ${users.id}) > (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`) : where;
  const join = and(eq(persons.organisationId, users.organisationId), eq(persons.id, users.personId));
  const [rows, [totals]] = await Promise.all([
    tx.select(userColumns).from(users).innerJoin(persons, join).where(pageWhere).orderBy(asc(users.createdAt), asc(users.id)).limit(query.limit + 1),
    tx.select({ total: count() }).from(users).innerJoin(persons, join).where(where),
  ]);
  return buildPage(rows, query.limit, totals?.total ?? 0, toUserDto, (row) => [row.createdAt.toISOString(), row.id]);
}
