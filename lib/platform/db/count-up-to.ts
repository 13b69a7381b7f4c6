import { count, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { rowsOf, type Tx } from '@/db/client';

/** Totals up to this many matches are exact; above it, `pagination.total` is the planner's estimate. */
export const EXACT_TOTAL_LIMIT = 10_000;

export type CappedTotal = { total: number; totalIsEstimate: boolean };

type PlanRow = { 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] };

/**
 * A list's total without counting every match (issue 16): the matches are counted up to EXACT_TOTAL_LIMIT + 1,
 * which an index walks in a few milliseconds; only when there are more does the planner estimate the rest, from
 * the table's statistics, at the cost of planning the query. The estimate is never below the exact limit.
 */
export async function countUpTo(tx: Tx, table: PgTable, where: SQL | undefined): Promise<CappedTotal> {
  const matches = tx.select({ one: sql`1` }).from(table).where(where);
  const [counted] = await tx.select({ n: count() }).from(matches.limit(EXACT_TOTAL_LIMIT + 1).as('capped'));
  const n = counted?.n ?? 0;
  if (n <= EXACT_TOTAL_LIMIT) return { total: n, totalIsEstimate: false };
  const [plan] = rowsOf<PlanRow>(await tx.execute(sql`explain (format json) select 1 from ${matches} as estimated`));
  const estimate = Math.round(plan?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
  return { total: Math.max(estimate, EXACT_TOTAL_LIMIT + 1), totalIsEstimate: true };
}
