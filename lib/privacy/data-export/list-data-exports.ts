import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { dataExports } from '@/db/schema';
import { buildPage, decodeCursor, type Page, timestampCursor } from '@/lib/platform/pagination';
import type { RequestContext } from '@/lib/platform/core/context';
import { dataExportColumns, toDataExportDto } from './data-export-store';
import type { DataExport, ListDataExportsQuery } from './schemas';

/** The caller's own exports, newest first, keyset-paged by (created_at, id). */
export async function listDataExports(tx: Tx, ctx: RequestContext, query: ListDataExportsQuery): Promise<Page<DataExport>> {
  const where = and(eq(dataExports.organisationId, ctx.organisationId), eq(dataExports.personId, ctx.user.personId));
  const cursor = query.cursor ? decodeCursor(query.cursor, timestampCursor) : null;
  const pageWhere = cursor ? and(where, sql`(${dataExports.createdAt}, ${dataExports.id}) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`) : where;
  const [rows, [totals]] = await Promise.all([
    tx.select(dataExportColumns).from(dataExports).where(pageWhere).orderBy(desc(dataExports.createdAt), desc(dataExports.id)).limit(query.limit + 1),
    tx.select({ total: count() }).from(dataExports).where(where),
  ]);
  return buildPage(rows, query.limit, totals?.total ?? 0, toDataExportDto, (row) => [row.createdAt.toISOString(), row.id]);
}
