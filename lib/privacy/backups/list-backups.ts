import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { backups, persons, users } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { buildPage, decodeCursor, type Page, timestampCursor } from '@/lib/platform/pagination';
import { backupColumns, requesterJoin, requesterPersonJoin, toBackupDto } from './backup-store';
import type { Backup, ListBackupsQuery } from './schemas';

/** Newest first, keyset-paged by (created_at, id). */
export async function listBackups(tx: Tx, ctx: Pick<RequestContext, 'organisationId'>, query: ListBackupsQuery): Promise<Page<Backup>> {
  const where = eq(backups.organisationId, ctx.organisationId);
  const cursor = query.cursor ? decodeCursor(query.cursor, timestampCursor) : null;
  const pageWhere = cursor ? and(where, sql`(${backups.createdAt}, ${backups.id}) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`) : where;
  const [rows, [totals]] = await Promise.all([
    tx
      .select(backupColumns)
      .from(backups)
      .innerJoin(users, requesterJoin)
      .innerJoin(persons, requesterPersonJoin)
      .where(pageWhere)
      .orderBy(desc(backups.createdAt), desc(backups.id))
      .limit(query.limit + 1),
    tx.select({ total: count() }).from(backups).where(where),
  ]);
  return buildPage(rows, query.limit, totals?.total ?? 0, toBackupDto, (row) => [row.createdAt.toISOString(), row.id]);
}
