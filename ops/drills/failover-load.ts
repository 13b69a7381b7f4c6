/**
 * Drill (b)'s load, run by ops/drills/failover.sh on the topology: starts the production app on the multi-host
 * DATABASE_URL (demo tenants seeded at start-up, bearer tokens from a local issuer), has several clients file real
 * loan requests (POST /api/v1/loans, each with its own Idempotency-Key), kills the primary mid-load with
 * DRILL_KILL_COMMAND, and goes on until the app has written for a while through the new primary. A 503 or a cut
 * connection is retried with the same key (after Retry-After for a 503). Then it counts, through the owner URL:
 * every loan the app acknowledged is stored, no key made two loans, and no answer was a 5xx other than 503.
 * Prints its figures as one JSON line; exits 1 when a promise is broken.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { openSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import postgres from 'postgres';
import { startTokenIssuer } from '@/bench/lib/token-issuer';
import { driverSessionOptions } from '@/lib/platform/db/database-url';

const env = (name: string) => process.env[name] || (() => { throw new Error(`${name} is required.`); })();
const OPS_DIR = env('QM_OPS_DIR');
const OWNER_URL = env('DATABASE_OWNER_URL');
const KILL_COMMAND = env('DRILL_KILL_COMMAND');
const APP_PORT = Number(process.env.DRILL_APP_PORT ?? 3500);
const CLIENTS = Number(process.env.DRILL_CLIENTS ?? 8);
const LOAD_BEFORE_KILL_MS = Number(process.env.DRILL_LOAD_BEFORE_KILL_MS ?? 8000);
const LOAD_AFTER_RECOVERY_MS = Number(process.env.DRILL_LOAD_AFTER_RECOVERY_MS ?? 8000);
const GIVE_UP_MS = Number(process.env.DRILL_GIVE_UP_MS ?? 90_000);
const ATTEMPTS_PER_KEY = 40;
const REPLAYS = 50;
// A client gives up on an answer after this long and retries with the same key.
const REQUEST_TIMEOUT_MS = Number(process.env.DRILL_REQUEST_TIMEOUT_MS ?? 20_000);
const AUDIENCE = 'https://api.quartermaster.drill';
const ACME = '0b4c3a7e-0000-4000-8000-00000000ac01';
const HOST = 'acme.localhost';
const PURPOSE = 'Failover drill request';
const app = `http://127.0.0.1:${APP_PORT}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => console.error(`[drill] ${line}`);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000).toISOString().slice(0, 10);

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

// node:http, not fetch: fetch cannot send the Host header that names the tenant (acme.localhost).
function send(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${app}${path}`, { method: init.method ?? 'GET', headers: init.headers, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(init.body);
  });
}

function startApp(issuer: { issuer: string; jwksUrl: string }): ChildProcess {
  const logFile = openSync(`${OPS_DIR}/logs/app-failover.log`, 'a');
  const child = spawn('node', ['scripts/start-server.mjs', '--hostname', '127.0.0.1', '--port', String(APP_PORT)], {
    stdio: ['ignore', logFile, logFile],
    env: {
      ...process.env,
      // DRILL_DATABASE_PARAMS=connect_timeout=5, say: driver settings to rehearse, added to the app's address.
      ...(process.env.DRILL_DATABASE_PARAMS ? { DATABASE_URL: `${env('DATABASE_URL')}&${process.env.DRILL_DATABASE_PARAMS}` } : {}),
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      SEED_DEMO_DATA: 'true',
      JOBS_IN_PROCESS: 'false',
      WEB_DOMAIN: 'localhost',
      DEMO_MODE: 'false',
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      OIDC_ISSUER: issuer.issuer,
      JWKS_URL: issuer.jwksUrl,
      // The issuer signs 4-hour tokens.
      ACCESS_TOKEN_MAX_LIFETIME_SECONDS: '14400',
      API_AUDIENCE: AUDIENCE,
      RATE_LIMIT_MULTIPLIER: '100',
      AUTH_SECRET: randomBytes(32).toString('base64'),
      FLE_LOCAL_MASTER_KEY: randomBytes(96).toString('base64'),
      PSEUDONYM_SECRET: randomBytes(32).toString('base64'),
    },
  });
  // ops/drills/failover.sh stops it on exit, also when this process dies.
  writeFileSync(`${OPS_DIR}/run/drill-app.pid`, String(child.pid));
  return child;
}

async function waitForApp(child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The app exited during start-up; see ${OPS_DIR}/logs/app-failover.log.`);
    if (Date.now() > deadline) throw new Error(`The app did not answer within 120 s; see ${OPS_DIR}/logs/app-failover.log.`);
    const answer = await send('/api/health/ready').catch(() => null);
    if (answer?.status === 200) return;
    await sleep(500);
  }
}

type Outcome = { key: string; index: number; body: string; loanId: string | null; attempts: number; ackedAt: number; sentAt: number };

async function main(): Promise<number> {
  const issuer = await startTokenIssuer(AUDIENCE);
  const owner = postgres(OWNER_URL, { max: 2, onnotice: () => {}, connect_timeout: 3, ...driverSessionOptions(OWNER_URL) });
  let child: ChildProcess | null = null;
  try {
    log(`starting the app on ${app} (migrations and demo data)`);
    child = startApp(issuer);
    await waitForApp(child);
    const assets = (await owner<{ id: string }[]>`select id from assets where organisation_id = ${ACME} and status = 'AVAILABLE' order by id`).map((a) => a.id);
    const [policy] = await owner<{ policy: { requireApproval?: boolean } | null }[]>`select loan_policy as policy from organisations where id = ${ACME}`;
    if (assets.length === 0) throw new Error('The seeded tenant acme has no available asset.');
    if (policy?.policy?.requireApproval === false) throw new Error('The drill files pending requests: the acme loan policy must require approval.');
    const headers = {
      host: HOST,
      authorization: `Bearer ${await issuer.sign({ organisationId: ACME, userId: 'acme-employee-1', role: 'EMPLOYEE' })}`,
      'content-type': 'application/json',
    };

    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const unexpected: string[] = [];
    const outcomes: Outcome[] = [];
    let cutConnections = 0;
    const timeline: string[] = [];
    let retriesAnswered = 0;
    let next = 0;
    let killedAt = 0; // the kill command has returned: a request sent after it can only reach the new primary
    let killTimedFrom = 0; // the kill command started: time to failover counts from here
    let firstAckAfterKill = 0;
    const started = Date.now();
    let stopAt = Number.POSITIVE_INFINITY;
    const today = new Date();

    const client = async () => {
      while (Date.now() < stopAt && Date.now() - started < GIVE_UP_MS) {
        const index = next++;
        const key = randomUUID();
        // Pending requests (the policy requires approval) hold no asset: spread over the assets and 60 days ahead,
        // within the 90-day booking limit; allowDuplicate, as the same employee files them all.
        const startDate = addDays(today, 20 + (index % 60));
        const body = JSON.stringify({ assetId: assets[index % assets.length], startDate, endDate: startDate, purpose: `${PURPOSE} ${index}`, allowDuplicate: true });
        const outcome: Outcome = { key, index, body, loanId: null, attempts: 0, ackedAt: 0, sentAt: 0 };
        outcomes.push(outcome);
        while (outcome.attempts < ATTEMPTS_PER_KEY) {
          outcome.attempts++;
          outcome.sentAt = Date.now();
          let answer: Answer;
          try {
            answer = await send('/api/v1/loans', { method: 'POST', headers: { ...headers, 'idempotency-key': key }, body });
          } catch {
            // Cut before an answer: the loan may or may not be written; the same key settles it.
            cutConnections++;
            if (killedAt) timeline.push(`${((Date.now() - killTimedFrom) / 1000).toFixed(1)}s cut (sent ${((outcome.sentAt - killTimedFrom) / 1000).toFixed(1)}s)`);
            await sleep(500);
            continue;
          }
          count(answer.status);
          // Answers after the kill that failed or took more than a second.
          if (killedAt && (answer.status !== 201 || Date.now() - outcome.sentAt > 1000)) {
            timeline.push(`${((Date.now() - killTimedFrom) / 1000).toFixed(1)}s ${answer.status} (sent ${((outcome.sentAt - killTimedFrom) / 1000).toFixed(1)}s)`);
          }
          if (answer.status === 201 || answer.status === 200) {
            outcome.loanId = (JSON.parse(answer.body) as { id: string }).id;
            outcome.ackedAt = Date.now();
            if (outcome.attempts > 1) retriesAnswered++;
            // Recovery is a request sent after the kill answered 2xx: the old primary's processes are all gone.
            if (killedAt && outcome.sentAt > killedAt && !firstAckAfterKill) {
              firstAckAfterKill = outcome.ackedAt;
              stopAt = firstAckAfterKill + LOAD_AFTER_RECOVERY_MS;
              log(`first loan acknowledged through the new primary ${((firstAckAfterKill - killTimedFrom) / 1000).toFixed(1)} s after the kill`);
            }
            break;
          }
          if (answer.status === 503) {
            const retryAfter = Number(answer.headers['retry-after'] ?? 1);
            // Jitter, so that the clients do not come back in step.
            await sleep(retryAfter * 1000 * (0.5 + Math.random() * 0.5));
            continue;
          }
          unexpected.push(`${answer.status}: ${answer.body.slice(0, 300)}`);
          break;
        }
      }
    };

    log(`${CLIENTS} clients filing loans; the primary is lost in ${LOAD_BEFORE_KILL_MS / 1000} s`);
    const load = Promise.all(Array.from({ length: CLIENTS }, client));
    await sleep(LOAD_BEFORE_KILL_MS);
    const ackedBeforeKill = outcomes.filter((o) => o.loanId).length;
    const killStarted = Date.now();
    const kill = spawnSync('bash', ['-c', KILL_COMMAND], { stdio: 'inherit' });
    if (kill.status !== 0) throw new Error('The kill command failed.');
    killedAt = Date.now();
    killTimedFrom = killStarted;
    log('primary killed');
    await load;
    const loadSeconds = (Date.now() - started) / 1000;

    // --- the last loans acknowledged before the loss, asked for again with their keys: the new primary holds each
    // key's stored answer, so the app replays it (the same loan) and files nothing new ----------------------
    const lastBeforeKill = outcomes.filter((o) => o.loanId && o.ackedAt < killTimedFrom).sort((a, b) => b.ackedAt - a.ackedAt).slice(0, REPLAYS);
    let replayed = 0;
    for (const outcome of lastBeforeKill) {
      const answer = await send('/api/v1/loans', { method: 'POST', headers: { ...headers, 'idempotency-key': outcome.key }, body: outcome.body });
      count(answer.status);
      // A replay repeats the first answer, its status (201) included, marked Idempotent-Replayed.
      const id = answer.status === 201 ? (JSON.parse(answer.body) as { id: string }).id : null;
      if (id === outcome.loanId && answer.headers['idempotent-replayed'] === 'true') replayed++;
      else unexpected.push(`a repeated request answered ${answer.status} ${answer.body.slice(0, 200)}`);
    }

    // --- what the app acknowledged, counted through the owner URL ---------------------------------------------------
    const acknowledged = outcomes.filter((o) => o.loanId);
    const ids = acknowledged.map((o) => o.loanId!);
    const [stored] = await owner<{ n: number }[]>`select count(*)::int as n from loans where id = any(${ids}::uuid[])`;
    const perRequest = await owner<{ purpose: string; n: number }[]>`
      select purpose, count(*)::int as n from loans where organisation_id = ${ACME} and purpose like ${`${PURPOSE} %`} group by purpose`;
    const duplicated = perRequest.filter((r) => r.n > 1).length;
    const storedForKeys = perRequest.reduce((sum, r) => sum + r.n, 0);
    const neverAnswered = outcomes.filter((o) => !o.loanId && o.attempts >= ATTEMPTS_PER_KEY).length;
    const [answering] = await owner<{ port: number }[]>`select inet_server_port() as port`;

    const inRange = (from: number, to: number) => [...statuses].filter(([s]) => s >= from && s <= to).reduce((sum, [, n]) => sum + n, 0);
    const figures = {
      timeToFailoverSeconds: firstAckAfterKill ? Number(((firstAckAfterKill - killTimedFrom) / 1000).toFixed(1)) : null,
      loansAcknowledged: acknowledged.length,
      acknowledgedBeforeKill: ackedBeforeKill,
      answers503: statuses.get(503) ?? 0,
      answers500: inRange(500, 599) - (statuses.get(503) ?? 0),
      cutConnections,
      acknowledgedOnRetry: retriesAnswered,
      repeatedKeys: lastBeforeKill.length,
      repeatedKeysReplayed: replayed,
      loansLost: ids.length - stored!.n,
      keysWithTwoLoans: duplicated,
      loansStoredForDrillKeys: storedForKeys,
      requestsNeverAnswered: neverAnswered,
      otherAnswers: unexpected.length,
      statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
      primaryPortAfter: answering?.port,
      loadSeconds: Number(loadSeconds.toFixed(1)),
    };
    console.log(JSON.stringify(figures));
    for (const line of unexpected.slice(0, 5)) log(`unexpected answer ${line}`);
    if (process.env.DRILL_TIMELINE) log(`after the kill: ${timeline.join('; ')}`);
    const broken = [
      !firstAckAfterKill && 'writes never resumed after the primary was lost',
      figures.answers500 !== 0 && `${figures.answers500} answers were server errors other than 503`,
      figures.loansLost !== 0 && `${figures.loansLost} acknowledged loans are missing`,
      duplicated !== 0 && `${duplicated} idempotency keys made more than one loan`,
      storedForKeys < acknowledged.length && 'fewer drill loans are stored than were acknowledged',
      unexpected.length !== 0 && `${unexpected.length} requests were refused`,
      neverAnswered !== 0 && `${neverAnswered} requests were never answered`,
    ].filter(Boolean);
    for (const line of broken) log(`BROKEN: ${line}`);
    return broken.length ? 1 : 0;
  } finally {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      for (let i = 0; i < 60 && child.exitCode === null; i++) await sleep(500);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await owner.end({ timeout: 5 });
    await issuer.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[drill] failed:', error);
    process.exit(1);
  },
);
