/**
 * Database time of an endpoint's statements, from EXPLAIN ANALYZE of server-side prepared statements. Each one is
 * executed six times first, so PostgreSQL has had its five custom plans and may switch to the generic plan the
 * app's long-lived connections end up with; then every run is one transaction, rolled back so writes leave
 * nothing behind.
 */
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { isExplainable, type ReplayPlan, replayParams, sqlLiteral } from './replay';

export type DbTime = { runs: number; p50Ms: number; p99Ms: number; planningP50Ms: number; slowest: string; genericPlan: boolean };

const WARM_EXECUTIONS = 6;

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

type PlanJson = [{ 'Execution Time': number; 'Planning Time': number; Plan: unknown }];

/** `runs` runs, or fewer (at least five) once `budgetMs` is spent: a search that takes seconds is clear sooner. */
export async function measureDbTime(appUrl: string, plan: ReplayPlan, runs: number, budgetMs = 30_000): Promise<DbTime> {
  const sql = postgres(appUrl, { max: 1, onnotice: () => {} });
  try {
    const names = plan.statements.map((_, i) => `bench_q${i}`);
    const totals: number[] = [];
    const planning: number[] = [];
    const perStatement = plan.statements.map(() => [] as number[]);
    let genericPlan = false;
    const assetId = plan.assetIds?.[0];
    const started = performance.now();
    for (let run = -WARM_EXECUTIONS; run < runs; run++) {
      if (run >= 5 && performance.now() - started > budgetMs) break;
      let total = 0;
      let planned = 0;
      await sql
        .begin(async (tx) => {
          // A loan id the app draws itself (a captured parameter) is drawn afresh; one the insert returns replaces it.
          let loanId: string | undefined = randomUUID();
          for (const [i, statement] of plan.statements.entries()) {
            const params = replayParams(plan, statement.params, { assetId, loanId });
            if (!isExplainable(statement.text)) {
              await tx.unsafe(statement.text, params as never[]);
              continue;
            }
            if (run === -WARM_EXECUTIONS) await tx.unsafe(`PREPARE ${names[i]} AS ${statement.text}`);
            const execute = `EXECUTE ${names[i]}${params.length ? `(${params.map(sqlLiteral).join(', ')})` : ''}`;
            if (run < 0) {
              const rows = await tx.unsafe(execute);
              if (statement.text.startsWith('insert into "loans"')) loanId = (rows[0] as unknown as { id: string }).id;
              continue;
            }
            const [row] = await tx.unsafe(`EXPLAIN (ANALYZE, VERBOSE, FORMAT JSON) ${execute}`);
            const [explained] = (row as unknown as { 'QUERY PLAN': PlanJson })['QUERY PLAN'];
            total += explained['Execution Time'];
            planned += explained['Planning Time'];
            perStatement[i]!.push(explained['Execution Time']);
            // A generic plan keeps $n placeholders in its conditions.
            if (/\$\d/.test(JSON.stringify(explained.Plan))) genericPlan = true;
            if (statement.text.startsWith('insert into "loans"')) {
              // EXPLAIN ANALYZE does not return the new row; read the id the insert just made.
              const [inserted] = await tx.unsafe('select id from loans order by created_at desc, id desc limit 1');
              loanId = (inserted as unknown as { id: string } | undefined)?.id;
            }
          }
          // Writes are measured, not kept.
          throw new Rollback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof Rollback)) throw error;
        });
      if (run >= 0) {
        totals.push(total);
        planning.push(planned);
      }
    }
    const slowestIndex = perStatement.reduce((best, times, i) => (percentile(times, 50) > percentile(perStatement[best]!, 50) ? i : best), 0);
    const slowest = plan.statements[slowestIndex]!.text.replace(/\s+/g, ' ').slice(0, 160);
    return { runs: totals.length, p50Ms: percentile(totals, 50), p99Ms: percentile(totals, 99), planningP50Ms: percentile(planning, 50), slowest, genericPlan };
  } finally {
    await sql.end();
  }
}

class Rollback extends Error {}
