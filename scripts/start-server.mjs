// `npm start`: the production server (`next start`, arguments passed on). WEB_CONCURRENCY=<n> or "auto" (one
// per core) runs n server processes behind the same port with node:cluster: one Node.js thread serves one
// process's requests, so a single process uses one core however many the machine has (bench/README.md).
//
// Every process has its own database pool (DATABASE_POOL_SIZE each) and its own short-lived caches (tenant by
// host 10 s, verified tokens 30 s). Rate limits must be shared, so more than one process needs REDIS_URL or
// Upstash, and a PostgreSQL database (the embedded PGlite opens its directory in one process only). Every
// process runs the in-process job driver: a PostgreSQL lease per job lets one of them (or of several hosts)
// run each tick (docs/operations/server-processes.md).
//
// SIGTERM or SIGINT drains a server process: readiness (GET /api/health/ready) answers 503 at once, the
// listener closes after DRAIN_DELAY_SECONDS (the balancer's health checks notice first), in-flight requests
// and job runs finish, and the process exits 0; after SHUTDOWN_TIMEOUT_SECONDS it exits 1 regardless.
// Next.js's own signal handling (which exits 143 without waiting for jobs) is switched off for this.
import cluster from 'node:cluster';
import http from 'node:http';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';

const require = createRequire(import.meta.url);
const nextBin = require.resolve('next/dist/bin/next');
const args = process.argv.slice(2);

function seconds(name, fallback) {
  const value = (process.env[name] ?? '').trim();
  if (!value) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 3600) {
    console.error(`[quartermaster] ${name} must be a number of seconds from 0 to 3600, not "${value}".`);
    process.exit(1);
  }
  return n;
}

const drainDelayMs = seconds('DRAIN_DELAY_SECONDS', 2) * 1000;
const shutdownTimeoutMs = seconds('SHUTDOWN_TIMEOUT_SECONDS', 30) * 1000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Shared with lib/platform/health/drain-state.ts through the same key.
const lifecycle = (globalThis[Symbol.for('quartermaster.lifecycle')] ??= { draining: false, hooks: [] });

async function drain(signal, servers) {
  if (lifecycle.draining) return;
  lifecycle.draining = true;
  const deadline = Date.now() + shutdownTimeoutMs;
  console.log(`[quartermaster] ${signal}: draining (process ${process.pid})`);
  const force = setTimeout(() => {
    console.error(`[quartermaster] requests or job runs outlasted ${shutdownTimeoutMs / 1000} s; exiting anyway`);
    process.exit(1);
  }, shutdownTimeoutMs);
  const jobs = Promise.all(lifecycle.hooks.map((hook) => hook(Math.max(0, deadline - Date.now() - 1000)).catch((error) => console.error('[quartermaster] drain:', error))));
  await sleep(Math.min(drainDelayMs, shutdownTimeoutMs / 2));
  // close() stops accepting and waits for in-flight requests; idle keep-alive connections are closed as they appear.
  const sweeper = setInterval(() => servers.forEach((server) => server.closeIdleConnections()), 100);
  await Promise.all([jobs, ...servers.map((server) => new Promise((resolve) => server.close(() => resolve())))]);
  clearInterval(sweeper);
  clearTimeout(force);
  console.log(`[quartermaster] drained (process ${process.pid})`);
  process.exit(0);
}

function startNext() {
  const servers = [];
  const createServer = http.createServer;
  http.createServer = function captureServer(...serverArgs) {
    const server = createServer.apply(this, serverArgs);
    servers.push(server);
    return server;
  };
  process.env.NEXT_MANUAL_SIG_HANDLE = 'true';
  process.once('SIGTERM', () => void drain('SIGTERM', servers));
  process.once('SIGINT', () => void drain('SIGINT', servers));
  process.argv = [process.argv[0], nextBin, 'start', ...args];
  require(nextBin);
}

function processCount() {
  const value = (process.env.WEB_CONCURRENCY ?? '').trim();
  if (!value) return 1;
  if (value === 'auto') return availableParallelism();
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64) {
    console.error(`[quartermaster] WEB_CONCURRENCY must be "auto" or a whole number from 1 to 64, not "${value}".`);
    process.exit(1);
  }
  return n;
}

if (cluster.isWorker) {
  startNext();
} else {
  const count = processCount();
  if (count === 1) {
    startNext();
  } else {
    const env = process.env;
    const missing = [
      !env.DATABASE_URL && 'DATABASE_URL (PGlite serves one process)',
      !env.REDIS_URL && !(env.UPSTASH_REDIS_REST_URL && env.UPSTASH_REDIS_REST_TOKEN) && 'REDIS_URL or UPSTASH_REDIS_REST_URL/TOKEN (rate limits must be shared)',
    ].filter(Boolean);
    if (missing.length) {
      console.error(`[quartermaster] WEB_CONCURRENCY=${count} needs ${missing.join(' and ')}.`);
      process.exit(1);
    }
    let stopping = false;
    const fork = (index) => {
      const worker = cluster.fork({ QUARTERMASTER_WORKER: String(index) });
      worker.on('exit', (code, signal) => {
        if (stopping) return;
        console.error(`[quartermaster] server process ${index} exited (${signal ?? code}); starting it again`);
        setTimeout(() => fork(index), 1000).unref();
      });
    };
    for (let index = 1; index <= count; index++) fork(index);
    console.log(`[quartermaster] ${count} server processes`);
    const stop = (signal) => {
      stopping = true;
      let failed = false;
      cluster.on('exit', (_worker, code) => {
        failed ||= code !== 0;
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
      });
      const workers = Object.values(cluster.workers ?? {});
      if (workers.length === 0) process.exit(0);
      for (const worker of workers) worker?.process.kill(signal);
      setTimeout(() => process.exit(1), shutdownTimeoutMs + 5_000).unref();
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  }
}
