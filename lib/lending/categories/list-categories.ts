import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { categories } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { buildPage, decodeCursor, type Page, timestampCursor } from '@/lib/platform/pagination';
import { categoryColumns, toCategoryDto } from './category-store';
import type { Category, ListCategoriesQuery } from './schemas';

export async function listCategories(tx: Tx, ctx: RequestContext, query: ListCategoriesQuery): Promise<Page<Category>> {
  const filters: SQL[] = [eq(categories.organisationId, ctx.organisationId)];
  if (query.q) filters.push(sql`${categories.name} ilike ${`%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const where = and(...filters);
  const cursor = query.cursor ? decodeCursor(query.cursor, timestampCursor) : null;
  const pageWhere = cursor ? and(where, sql`(${categories.createdAt}, ${categories.id}) > (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`) : where;
  const [rows, [totals]] = await Promise.all([
    tx.select(categoryColumns).from(categories).where(pageWhere).orderBy(asc(categories.createdAt), asc(categories.id)).limit(query.limit + 1),
    tx.select({ total: count() }).from(categories).where(where),
  ]);
  return buildPage(rows, query.limit, totals?.total ?? 0, toCategoryDto, (row) => [row.createdAt.toISOString(), row.id]);
}
