/**
 * The database's limit for an endpoint: pgbench (PostgreSQL's own load generator) running the endpoint's captured
 * statements, as the app's login role, prepared, at the same concurrency; latencies from its per-transaction log.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { LoadResult } from './load';
import { percentile } from './explain';
import { pgbenchScript, type ReplayPlan } from './replay';

const run = promisify(execFile);

export async function runPgbench(appUrl: string, plan: ReplayPlan, options: { connections: number; seconds: number; idTable: string; idSet: string }): Promise<LoadResult> {
  const dir = await mkdtemp(path.join(tmpdir(), 'qm-pgbench-'));
  try {
    const { script, variables } = pgbenchScript(plan, { table: options.idTable, set: options.idSet });
    const file = path.join(dir, 'workload.sql');
    await writeFile(file, script);
    const args = ['-n', '-M', 'prepared', '-c', String(options.connections), '-j', '2', '-T', String(options.seconds), '-f', file, '--log', `--log-prefix=${path.join(dir, 'log')}`];
    for (const [name, value] of Object.entries(variables)) args.push('-D', `${name}=${value}`);
    args.push(appUrl);
    const { stdout } = await run('pgbench', args, { maxBuffer: 64 * 1024 * 1024 });
    const failed = /number of failed transactions: (\d+)/.exec(stdout);
    const latencies: number[] = [];
    for (const name of await readdir(dir)) {
      if (!name.startsWith('log')) continue;
      for (const line of (await readFile(path.join(dir, name), 'utf8')).split('\n')) {
        const fields = line.split(' ');
        if (fields.length >= 3) latencies.push(Number(fields[2]) / 1000);
      }
    }
    const tps = /tps = ([\d.]+)/.exec(stdout);
    if (!tps) throw new Error(`pgbench printed no throughput:\n${stdout}`);
    return {
      requests: latencies.length,
      rps: Number(tps[1]),
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      maxMs: latencies.reduce((a, b) => Math.max(a, b), 0),
      errors: Number(failed?.[1] ?? 0),
      statusErrors: 0,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
