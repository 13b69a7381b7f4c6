/**
 * What the stack could do without the framework: node:http and postgres.js replaying each endpoint's captured
 * statements (bench/lib/capture.ts) in one transaction, with the same pool size as the app, and answering with
 * the rows as JSON. No routing library, no token check, no rate limit, no validation, no ORM.
 * Started by bench/run.ts: `tsx bench/bare-server.ts <plan.json>`; prints its port on stdout.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import postgres from 'postgres';
import { type ReplayPlan, replayParams } from './lib/replay';

const plan = JSON.parse(await readFile(process.argv[2]!, 'utf8')) as { appUrl: string; poolSize: number; workloads: Record<string, ReplayPlan> };
const sql = postgres(plan.appUrl, { max: plan.poolSize, prepare: true, onnotice: () => {} });
const turns = new Map<string, number>();

async function handle(key: string): Promise<unknown[]> {
  const workload = plan.workloads[key];
  if (!workload) throw new Error(`unknown workload ${key}`);
  const turn = turns.get(key) ?? 0;
  turns.set(key, turn + 1);
  const assetId = workload.assetIds?.length ? workload.assetIds[turn % workload.assetIds.length] : undefined;
  return sql.begin(async (tx) => {
    const results: unknown[] = [];
    // A loan id the app draws itself (a captured parameter) is drawn afresh; one the insert returns replaces it.
    let loanId: string | undefined = randomUUID();
    for (const statement of workload.statements) {
      const rows: postgres.RowList<postgres.Row[]> = await tx.unsafe(statement.text, replayParams(workload, statement.params, { assetId, loanId }) as postgres.ParameterOrJSON<never>[], { prepare: true });
      if (statement.text.startsWith('insert into "loans"')) loanId = (rows[0] as unknown as { id: string }).id;
      results.push(rows);
    }
    return results;
  });
}

const server = createServer((request, response) => {
  const key = (request.url ?? '/').slice(1).split('?')[0]!;
  request.resume();
  request.on('end', () => {
    handle(key).then(
      (results) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(results)),
      (error: Error) => response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: error.message })),
    );
  });
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => console.log(`BARE_PORT ${(server.address() as AddressInfo).port}`));
process.on('SIGTERM', () => {
  server.close();
  void sql.end({ timeout: 2 }).then(() => process.exit(0));
});
