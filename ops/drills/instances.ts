/**
 * The multi-instance drill (issue 27, item 5; docs/operations/server-processes.md, "The drill"): N instances behind
 * haproxy (ops/lb/up.sh) on a database of its own and a redis-server of its own, under write load; one instance is
 * killed with -9 a third of the way in, another gets SIGTERM two thirds in. Then: every write answered 2xx is
 * stored once, every e-mail and webhook went out once (by idempotency key and by webhook id), the SIGTERM'd
 * instance drained and exited 0, each cron tick ran once across the instances, and with Redis stopped the API
 * still answers without a 5xx (rate limits fail open, export slots are counted per process). Prints its figures;
 * exits 1 when a promise is broken. Run by ops/drills/instances.sh, which cleans up.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { startTokenIssuer } from '@/bench/lib/token-issuer';
import { migratePostgres } from '@/db/connect';
import * as schema from '@/db/schema';
import { seedDemoData } from '@/db/seed/seed-demo-data';
import { createFieldEncryption } from '@/lib/platform/crypto/field-encryption';
import { createKeyRing } from '@/lib/platform/crypto/key-ring';
import { createLocalKeyProvider } from '@/lib/platform/crypto/local-key-provider';
import { startMailSink } from '@/tests/support/mail-sink';
import { startWebhookReceiver } from '@/tests/support/webhook-receiver';

const N = Number(process.env.INSTANCES ?? 3);
const LB_PORT = Number(process.env.LB_PORT ?? 3600);
const REDIS_PORT = Number(process.env.DRILL_REDIS_PORT ?? 6390);
const RUN_DIR = process.env.LB_RUN_DIR!;
const DATABASE = process.env.DRILL_DATABASE!;
const LOAD_SECONDS = Number(process.env.DRILL_LOAD_SECONDS ?? 24);
const WRITERS = 4;
const ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const APP_ROLE = 'qm_drill_app';
const ACME = '0b4c3a7e-0000-4000-8000-00000000ac01';
const HOST = 'acme.localhost';
const AUDIENCE = 'https://api.quartermaster.drill';
const lb = `http://127.0.0.1:${LB_PORT}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => console.log(`[drill] ${line}`);
const dbUrl = (name: string, user = 'postgres') => Object.assign(new URL(ADMIN_URL), { pathname: `/${name}`, username: user }).toString();
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000).toISOString().slice(0, 10);

async function prepareDatabase(fleMasterKey: string): Promise<void> {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE "${DATABASE}"`);
    await admin.unsafe(`CREATE DATABASE "${DATABASE}_ledger"`);
    const [role] = await admin`select 1 from pg_roles where rolname = ${APP_ROLE}`;
    if (!role) await admin.unsafe(`CREATE ROLE "${APP_ROLE}" LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE`);
  } finally {
    await admin.end();
  }
  // Migrated and seeded once here, so N instances starting together do not seed side by side.
  await migratePostgres(dbUrl(DATABASE), dbUrl(DATABASE, APP_ROLE));
  const owner = postgres(dbUrl(DATABASE), { max: 1, onnotice: () => {} });
  try {
    const encryption = createFieldEncryption(createKeyRing(createLocalKeyProvider(Buffer.from(fleMasterKey, 'base64'))), 60);
    await seedDemoData(drizzle(owner, { schema }), new Date(), encryption);
  } finally {
    await owner.end();
  }
}

type Tally = { requests: number; status: Map<number, number>; transportErrors: number };
const count = (tally: Tally, status: number) => tally.status.set(status, (tally.status.get(status) ?? 0) + 1);
const inRange = (tally: Tally, from: number, to: number) => [...tally.status].filter(([s]) => s >= from && s <= to).reduce((sum, [, n]) => sum + n, 0);

type Answer = { status: number; text: () => Promise<string>; json: () => Promise<unknown> };

// node:http, not fetch: fetch cannot send the Host header that names the tenant (acme.localhost).
function send(url: string, init: { method?: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers, timeout: 15_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, text: async () => text, json: async () => JSON.parse(text) as unknown });
      });
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(init.body);
  });
}

async function call(tally: Tally, url: string, init: { method?: string; headers?: Record<string, string>; body?: string }): Promise<Answer | null> {
  tally.requests += 1;
  try {
    const response = await send(url, init);
    count(tally, response.status);
    return response;
  } catch {
    tally.transportErrors += 1;
    return null;
  }
}

function instancePids(): Map<number, number> {
  const pids = new Map<number, number>();
  for (const file of readdirSync(RUN_DIR)) {
    const match = /^app-(\d+)\.pid$/.exec(file);
    if (match) pids.set(Number(match[1]), Number(readFileSync(path.join(RUN_DIR, file), 'utf8')));
  }
  return pids;
}

/** Every "job X runs tick T" line of every instance's log (the killed one's included): runs per (job, tick). */
function tickRuns(): Map<string, number> {
  const runs = new Map<string, number>();
  for (const file of readdirSync(RUN_DIR).filter((f) => /^app-\d+\.log$/.test(f))) {
    for (const match of readFileSync(path.join(RUN_DIR, file), 'utf8').matchAll(/job (\S+) runs tick (\S+) as/g)) {
      const key = `${match[1]} ${match[2]}`;
      runs.set(key, (runs.get(key) ?? 0) + 1);
    }
  }
  return runs;
}

async function main(): Promise<number> {
  const broken: string[] = [];
  const promise = (ok: boolean, what: string) => ok || broken.push(what);
  const fleMasterKey = randomBytes(96).toString('base64');
  const started = Date.now();
  log(`database ${DATABASE}: migrating and seeding`);
  await prepareDatabase(fleMasterKey);
  const sink = await startMailSink();
  const receiver = await startWebhookReceiver(() => 204);
  const issuer = await startTokenIssuer(AUDIENCE);
  const env = {
    DATABASE_URL: dbUrl(DATABASE, APP_ROLE),
    DATABASE_OWNER_URL: dbUrl(DATABASE),
    LEDGER_DATABASE_URL: dbUrl(`${DATABASE}_ledger`),
    SEED_DEMO_DATA: 'false',
    // Each instance logs the cron ticks it runs: the drill counts runs per tick from them.
    LOG_LEVEL: 'debug',
    OIDC_ISSUER: issuer.issuer,
    JWKS_URL: issuer.jwksUrl,
    // The bench's issuer signs 4-hour tokens.
    ACCESS_TOKEN_MAX_LIFETIME_SECONDS: '14400',
    API_AUDIENCE: AUDIENCE,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    FLE_LOCAL_MASTER_KEY: fleMasterKey,
    PSEUDONYM_SECRET: randomBytes(32).toString('base64url'),
    WEB_DOMAIN: 'localhost',
    DEMO_MODE: 'false',
    REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
    RATE_LIMIT_PREFIX: `qm:rl:drill:${randomUUID()}`,
    RATE_LIMIT_MULTIPLIER: '100',
    RESEND_API_KEY: sink.apiKey,
    RESEND_BASE_URL: sink.url,
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    JOB_LEASE_SECONDS: '10',
    DRAIN_DELAY_SECONDS: '2',
  };
  try {
    log(`starting ${N} instances behind haproxy on ${lb}`);
    execFileSync('bash', ['ops/lb/up.sh', String(N)], { env: { ...process.env, ...env, LB_PORT: String(LB_PORT) }, stdio: 'inherit' });

    const headers = async (userId: string, role: string) => ({
      host: HOST,
      authorization: `Bearer ${await issuer.sign({ organisationId: ACME, userId, role })}`,
      'content-type': 'application/json',
    });
    const setup: Tally = { requests: 0, status: new Map(), transportErrors: 0 };
    const endpoint = await call(setup, `${lb}/api/v1/webhook-endpoints`, {
      method: 'POST',
      headers: await headers('acme-admin', 'ADMIN'),
      body: JSON.stringify({ url: receiver.url, eventTypes: ['loan.requested'] }),
    });
    if (endpoint?.status !== 201) throw new Error(`registering the webhook endpoint answered ${endpoint?.status}: ${await endpoint?.text()}`);

    const owner = postgres(dbUrl(DATABASE), { max: 2, onnotice: () => {} });
    const assets = (await owner<{ id: string }[]>`select id from assets where organisation_id = ${ACME} and status = 'AVAILABLE' order by id`).map((a) => a.id);
    const employee = await headers('acme-employee-1', 'EMPLOYEE');
    const today = new Date();

    // --- write load through the balancer; one instance killed with -9 a third of the way in ----------------------
    const load: Tally = { requests: 0, status: new Map(), transportErrors: 0 };
    const answered = new Map<string, string>(); // Idempotency-Key -> loan id, for every write answered 2xx
    let unanswered = 0;
    let next = 0;
    const deadline = Date.now() + LOAD_SECONDS * 1000;
    const victim = 2;
    const killAt = Date.now() + (LOAD_SECONDS * 1000) / 3;
    let killed = false;
    const worker = async () => {
      while (Date.now() < deadline) {
        const i = next++;
        const asset = assets[i % assets.length]!;
        // Weeks ahead, past the seeded loans and within the 90-day booking limit; one day each, two days apart on each asset: no write conflicts.
        const startDate = addDays(today, 45 + 2 * Math.floor(i / assets.length));
        const key = randomUUID();
        const body = JSON.stringify({ assetId: asset, startDate, endDate: startDate, purpose: 'Drill', allowDuplicate: true });
        // A write whose instance died before answering is retried with the same key: at most once, never lost.
        let done = false;
        for (let attempt = 0; attempt < 6 && !done; attempt++) {
          const response = await call(load, `${lb}/api/v1/loans`, { method: 'POST', headers: { ...employee, 'idempotency-key': key }, body });
          if (response && response.status >= 200 && response.status < 300) {
            answered.set(key, ((await response.json()) as { id: string }).id);
            done = true;
          } else if (response && response.status < 500) {
            log(`write refused with ${response.status}: ${(await response.text()).slice(0, 200)}`);
            done = true;
          } else {
            await response?.text();
            await sleep(300);
          }
        }
        if (!done) unanswered += 1;
      }
    };
    const killer = (async () => {
      await sleep(killAt - Date.now());
      const pid = instancePids().get(victim)!;
      process.kill(pid, 'SIGKILL');
      killed = true;
      log(`killed instance ${victim} (pid ${pid}) with -9 under load`);
    })();
    // Two thirds in, instance 3 gets SIGTERM, as in a rolling restart: it drains and exits 0 while load goes on.
    const drained = 3;
    const terminator = (async () => {
      await sleep(killAt + (LOAD_SECONDS * 1000) / 3 - Date.now());
      process.kill(instancePids().get(drained)!, 'SIGTERM');
      log(`sent SIGTERM to instance ${drained} under load`);
    })();
    await Promise.all([...Array.from({ length: WRITERS }, worker), killer, terminator]);
    log(`load over: ${load.requests} requests, ${answered.size} writes answered 2xx`);

    // --- what the 2xx writes promised ------------------------------------------------------------------------------
    const ids = [...answered.values()];
    const [stored] = await owner<{ n: number }[]>`select count(*)::int as n from loans where id = any(${ids}::uuid[])`;
    const [drillLoans] = await owner<{ n: number }[]>`select count(*)::int as n from loans where organisation_id = ${ACME} and purpose = 'Drill'`;
    const writesLost = ids.length - stored!.n;
    promise(writesLost === 0, `${writesLost} writes answered 2xx are not stored`);
    promise(drillLoans!.n >= ids.length && drillLoans!.n <= ids.length + unanswered, `${drillLoans!.n} loans stored for ${ids.length} answered writes`);

    // Deliveries: wait until nothing is due; what the killed instance had claimed comes back after its claim lease.
    // One instance is left to deliver the backlog, as fast as the machine lets it: wait while it makes progress,
    // and call it broken when nothing more went out for 150 s (a killed holder's lease lapses after 60 s, then the next minute's tick takes the job) or after five minutes in all.
    const settleBy = Date.now() + 300_000;
    let pending = { outbox: 0, webhooks: 0, claimedByDead: 0 };
    let leastDue = Number.POSITIVE_INFINITY;
    let progressAt = Date.now();
    for (;;) {
      const [row] = await owner<{ outbox: number; webhooks: number; claimed: number }[]>`select
        (select count(*)::int from outbox where organisation_id = ${ACME} and status = 'PENDING' and next_attempt_at <= now()) as outbox,
        (select count(*)::int from webhook_deliveries where organisation_id = ${ACME} and status = 'PENDING' and next_attempt_at <= now()) as webhooks,
        (select count(*)::int from outbox where organisation_id = ${ACME} and status = 'PENDING' and attempts > 0 and next_attempt_at > now())
          + (select count(*)::int from webhook_deliveries where organisation_id = ${ACME} and status = 'PENDING' and attempts > 0 and next_attempt_at > now()) as claimed`;
      pending = { outbox: row!.outbox, webhooks: row!.webhooks, claimedByDead: row!.claimed };
      const due = pending.outbox + pending.webhooks;
      if (due < leastDue) {
        leastDue = due;
        progressAt = Date.now();
      }
      if (due === 0 || Date.now() > settleBy || Date.now() - progressAt > 150_000) break;
      await sleep(1000);
    }
    promise(pending.outbox === 0 && pending.webhooks === 0, `deliveries still due (nothing more went out for 150 s, longer than a dead holder's 60 s lease and the next tick, or five minutes passed): ${JSON.stringify(pending)}`);
    const [deliveries] = await owner<{ webhooks: number; emails: number }[]>`select
      (select count(*)::int from webhook_deliveries d join loans l on l.organisation_id = d.organisation_id and d.payload->'data'->'loan'->>'id' = l.id::text where d.organisation_id = ${ACME} and l.purpose = 'Drill') as webhooks,
      (select count(*)::int from outbox where organisation_id = ${ACME} and status = 'SENT' and kind <> 'loan.requested') as emails`;
    const webhookIds = receiver.received.map((w) => String(w.headers['webhook-id']));
    const webhookDuplicates = webhookIds.length - new Set(webhookIds).size;
    const emailDuplicates = sink.requestCount() - sink.messages().length;
    promise(webhookDuplicates === 0, `${webhookDuplicates} webhooks received twice`);
    promise(emailDuplicates === 0, `${emailDuplicates} e-mails posted twice`);
    promise(new Set(webhookIds).size + pending.claimedByDead >= deliveries!.webhooks, 'a webhook of a stored loan was never delivered');

    const drainedLog = () => readFileSync(path.join(RUN_DIR, `app-${drained}.log`), 'utf8');
    for (let i = 0; i < 60 && !drainedLog().includes('[quartermaster] drained'); i++) await sleep(500);
    const drainedCleanly = drainedLog().includes('[quartermaster] drained');
    promise(drainedCleanly, `instance ${drained} did not drain and exit 0 within 30 s of SIGTERM`);

    // --- each cron tick once across the instances -----------------------------------------------------------------
    const runs = tickRuns();
    const perTick = [...runs.values()];
    promise(perTick.length > 0, 'no cron tick ran during the drill');
    promise(perTick.every((n) => n === 1), `ticks run more than once: ${[...runs].filter(([, n]) => n > 1).map(([k, n]) => `${k} ×${n}`).join(', ')}`);

    // --- Redis stopped: answers without a 5xx, rate limits fail open, exports counted per process ----------------
    execFileSync('redis-cli', ['-p', String(REDIS_PORT), 'shutdown', 'nosave']);
    log('drill Redis stopped');
    const outage: Tally = { requests: 0, status: new Map(), transportErrors: 0 };
    const manager = await headers('acme-manager', 'ASSET_MANAGER');
    for (let i = 0; i < 20; i++) await (await call(outage, `${lb}/api/v1/loans?userId=me`, { headers: employee }))?.text();
    for (let i = 0; i < 3; i++) await (await call(outage, `${lb}/api/v1/assets/export.csv`, { headers: manager }))?.text();
    const ready = await call(outage, `${lb}/api/health/ready`, {});
    promise(ready?.status === 200, `readiness without Redis answered ${ready?.status}`);
    promise(inRange(outage, 500, 599) === 0 && outage.transportErrors === 0, `${inRange(outage, 500, 599)} 5xx answers with Redis stopped`);
    promise(inRange(outage, 200, 299) === outage.requests, `with Redis stopped, answers were ${JSON.stringify(Object.fromEntries(outage.status))}`);
    execFileSync('redis-server', ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'yes', '--pidfile', path.join(RUN_DIR, 'redis.pid'), '--logfile', path.join(RUN_DIR, 'redis.log')]);
    log('drill Redis started again');
    await owner.end();

    const figures = {
      instances: N,
      'killed with -9': killed ? 1 : 0,
      'drained after SIGTERM (exit 0)': drainedCleanly ? 1 : 0,
      requests: load.requests,
      '2xx': inRange(load, 200, 299),
      '5xx': inRange(load, 500, 599),
      '5xx by status': Object.fromEntries([...load.status].filter(([s]) => s >= 500)),
      'connection errors': load.transportErrors,
      'writes answered 2xx': ids.length,
      'writes lost': writesLost,
      'writes never answered': unanswered,
      'e-mails sent (distinct keys)': sink.messages().length,
      'e-mails duplicated': emailDuplicates,
      'webhooks received (distinct ids)': new Set(webhookIds).size,
      'webhooks duplicated': webhookDuplicates,
      'deliveries claimed by the killed instance (sent after their claim lapses)': pending.claimedByDead,
      'cron ticks run (job and minute)': perTick.length,
      'job runs per tick': perTick.length ? Math.max(...perTick) : 0,
      'requests with Redis stopped': outage.requests,
      '5xx with Redis stopped': inRange(outage, 500, 599),
      seconds: Math.round((Date.now() - started) / 1000),
    };
    for (const [name, value] of Object.entries(figures)) console.log(`${name.padEnd(66)} ${typeof value === 'object' ? JSON.stringify(value) : value}`);
  } finally {
    await sink.stop();
    await receiver.stop();
    await issuer.close();
  }
  if (broken.length) {
    for (const line of broken) console.error(`[drill] BROKEN: ${line}`);
    return 1;
  }
  log('every promise kept');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[drill] failed:', error);
    process.exit(1);
  },
);
