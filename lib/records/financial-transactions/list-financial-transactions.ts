import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { financialTransactions } from '@/db/schema';
import { buildPage, decodeCursor, type Page, timestampCursor } from '@/lib/platform/pagination';
import { assertDuty } from '@/lib/platform/auth/duties';
import type { RequestContext } from '@/lib/platform/core/context';
import type { FinancialTransaction, ListFinancialTransactionsQuery } from './schemas';
import { toTransactionDto, transactionColumns } from './transaction-store';

/** Newest first. Without the FINANCE duty only `personId=me` (or the caller's own id) is allowed. */
export async function listFinancialTransactions(tx: Tx, ctx: RequestContext, query: ListFinancialTransactionsQuery): Promise<Page<FinancialTransaction>> {
  const personId = query.personId === 'me' ? ctx.user.personId : query.personId;
  if (personId !== ctx.user.personId) assertDuty(ctx, 'FINANCE', "Listing other persons' financial transactions");
  const filters: SQL[] = [eq(financialTransactions.organisationId, ctx.organisationId)];
  if (personId) filters.push(eq(financialTransactions.personId, personId));
  if (query.kind) filters.push(eq(financialTransactions.kind, query.kind));
  if (query.from) filters.push(gte(financialTransactions.occurredAt, new Date(query.from)));
  if (query.to) filters.push(lt(financialTransactions.occurredAt, new Date(query.to)));
  const where = and(...filters);
  const cursor = query.cursor ? decodeCursor(query.cursor, timestampCursor) : null;
  const pageWhere = cursor
    ? and(where, sql`(${financialTransactions.occurredAt}, ${financialTransactions.id}) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`)
    : where;
  const [rows, [totals]] = await Promise.all([
    tx
      .select(transactionColumns)
      .from(financialTransactions)
      .where(pageWhere)
      .orderBy(desc(financialTransactions.occurredAt), desc(financialTransactions.id))
      .limit(query.limit + 1),
    tx.select({ total: count() }).from(financialTransactions).where(where),
  ]);
  return buildPage(rows, query.limit, totals?.total ?? 0, toTransactionDto, (row) => [row.occurredAt.toISOString(), row.id]);
}
