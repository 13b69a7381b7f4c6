/**
 * `npx tsx bench/profile-api.ts [rows]`: the API's cost per request, without the whole benchmark. Starts the
 * production build (`next start`, and bench/floor's for comparison) against the bench database (seeded as by
 * `npm run bench:seed`), loads each row with wrk, and prints req/s, p50/p99 and the server's CPU milliseconds
 * per request (utime + stime of the server's process tree over the measured seconds, from /proc): on a machine
 * shared with other work, CPU per request is steadier than req/s.
 *
 * Rows: floor, assets, asset, unauthenticated (a call refused at the token check). PROFILE_DIR=<dir> starts the
 * servers with `--cpu-prof` into that directory (each server writes its profile when it stops);
 * `npx tsx bench/lib/summarise-profile.ts <file>` sums it by part. WEB_CONCURRENCY=<n> starts the app through
 * `npm start`'s script with n server processes (the floor stays one process). Other settings as for bench/run.ts
 * (BENCH_DATABASE, BENCH_SCALE, BENCH_SECONDS, BENCH_WARMUP_SECONDS, BENCH_CONNECTIONS, BENCH_POOL_SIZE, BENCH_REDIS_URL).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { type AppServer, startAppServer } from '@/tests/support/start-app-server';
import { type LoadResult, runLoad } from './lib/load';
import { startTokenIssuer } from './lib/token-issuer';
import { BENCH_EMPLOYEE_SUBJECT, BIG_TENANT, seedBenchData } from './seed';

const APP_ROLE = 'qm_app_bench';
const AUDIENCE = 'https://api.quartermaster.bench';
const HOST = `${BIG_TENANT}.localhost`;
const settings = {
  adminUrl: process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  database: process.env.BENCH_DATABASE ?? 'quartermaster_bench',
  scale: Number(process.env.BENCH_SCALE ?? 1),
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 3),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 32),
  poolSize: Number(process.env.BENCH_POOL_SIZE ?? 10),
  redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
  profileDir: process.env.PROFILE_DIR,
};
const rows = process.argv[2]?.split(',') ?? ['floor', 'assets', 'asset', 'unauthenticated'];
const clockTicks = 100;

/** The pids of a process and its descendants (Linux /proc). */
function treePids(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone
    }
  }
  const pids: number[] = [];
  const stack = [pid];
  while (stack.length) {
    const next = stack.pop()!;
    pids.push(next);
    stack.push(...(children.get(next) ?? []));
  }
  return pids;
}

/** Read and write system calls (sockets included) of a process tree: steadier than CPU time on a busy machine. */
function treeSyscalls(pid: number): number {
  let total = 0;
  for (const p of treePids(pid)) {
    try {
      const io = readFileSync(`/proc/${p}/io`, 'utf8');
      total += Number(/syscr: (\d+)/.exec(io)?.[1] ?? 0) + Number(/syscw: (\d+)/.exec(io)?.[1] ?? 0);
    } catch {
      // gone
    }
  }
  return total;
}

/** utime + stime of a process and its descendants, in ms (Linux /proc). */
function treeCpuMs(pid: number): number {
  const children = new Map<number, number[]>();
  let total = 0;
  const stats = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      stats.set(Number(entry), Number(fields[11]) + Number(fields[12]));
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone
    }
  }
  const stack = [pid];
  while (stack.length) {
    const next = stack.pop()!;
    total += stats.get(next) ?? 0;
    stack.push(...(children.get(next) ?? []));
  }
  return (total * 1000) / clockTicks;
}

type Measured = LoadResult & { cpuMsPerRequest: number; syscallsPerRequest: number };

async function measure(server: AppServer, urlPath: string, headers: Record<string, string>, paths?: string[]): Promise<Measured> {
  const options = { url: `${server.baseUrl}${urlPath}`, headers, connections: settings.connections, paths };
  if (settings.warmupSeconds > 0) await runLoad({ ...options, seconds: settings.warmupSeconds });
  const before = treeCpuMs(server.pid);
  const syscallsBefore = treeSyscalls(server.pid);
  const result = await runLoad({ ...options, seconds: settings.seconds });
  const cpu = treeCpuMs(server.pid) - before;
  const syscalls = treeSyscalls(server.pid) - syscallsBefore;
  return { ...result, cpuMsPerRequest: cpu / Math.max(1, result.requests), syscallsPerRequest: syscalls / Math.max(1, result.requests) };
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main(): Promise<void> {
  const seed = await seedBenchData({ adminUrl: settings.adminUrl, database: settings.database, appRole: APP_ROLE, scale: settings.scale });
  const owner = postgres(seed.ownerUrl, { max: 1, onnotice: () => {} });
  const issuer = await startTokenIssuer(AUDIENCE);
  const nodeArgs = settings.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(settings.profileDir)}`] : undefined;
  const results: [string, Measured][] = [];
  try {
    const [org] = await owner<{ id: string }[]>`select id from organisations where slug = ${BIG_TENANT}`;
    const token = await issuer.sign({ organisationId: org!.id, userId: BENCH_EMPLOYEE_SUBJECT, role: 'EMPLOYEE' });
    const headers = { host: HOST, authorization: `Bearer ${token}` };
    const ids = (await owner<{ id: string }[]>`select id from assets where organisation_id = ${org!.id} order by hashtext(id::text) limit 1000`).map((r) => r.id);
    if (rows.includes('floor')) {
      const floor = await startAppServer({}, { dir: 'bench/floor', healthPath: '/floor', nodeArgs });
      try {
        results.push(['floor', await measure(floor, '/floor', {})]);
      } finally {
        await floor.stop();
      }
    }
    const app = await startAppServer({
      DATABASE_URL: seed.appUrl,
      DATABASE_OWNER_URL: seed.ownerUrl,
      DATABASE_POOL_SIZE: String(settings.poolSize),
      OIDC_ISSUER: issuer.issuer,
      JWKS_URL: issuer.jwksUrl,
      API_AUDIENCE: AUDIENCE,
      AUTH_SECRET: 'bench-auth-secret-not-used-for-api-calls-000000',
      WEB_DOMAIN: 'localhost',
      DEMO_MODE: 'false',
      REDIS_URL: settings.redisUrl,
      RATE_LIMIT_PREFIX: `qm:rl:bench:${Date.now()}`,
      JOBS_IN_PROCESS: 'false',
      // The issuer's tokens live 4 h (bench/lib/token-issuer.ts), longer than the default limit.
      ACCESS_TOKEN_MAX_LIFETIME_SECONDS: '14400',
    }, { nodeArgs, viaStartScript: Boolean(process.env.WEB_CONCURRENCY) });
    try {
      if (rows.includes('assets')) results.push(['GET /assets', await measure(app, '/api/v1/assets', headers)]);
      if (rows.includes('asset')) results.push(['GET /assets/{id}', await measure(app, `/api/v1/assets/${ids[0]}`, headers, ids.map((id) => `/api/v1/assets/${id}`))]);
      if (rows.includes('unauthenticated')) results.push(['GET /assets without a token (401)', await measure(app, '/api/v1/assets', { host: HOST })]);
    } finally {
      await app.stop();
    }
  } finally {
    await issuer.close();
    await owner.end();
  }
  for (const [label, r] of results) if (r.firstFailure) console.log(`${label}: first failure ${r.firstFailure}`);
  console.log('| Row | req/s | p50 ms | p99 ms | non-2xx | server CPU ms per request | read/write syscalls per request | requests measured |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const [label, r] of results) {
    console.log(`| ${label} | ${fmt(r.rps)} | ${fmt(r.p50Ms, 1)} | ${fmt(r.p99Ms, 1)} | ${fmt(r.statusErrors + r.errors)} | ${fmt(r.cpuMsPerRequest, 2)} | ${fmt(r.syscallsPerRequest, 1)} | ${r.requests} |`);
  }
}

await main();
