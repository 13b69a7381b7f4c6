// `npm start`: the production server (`next start`, arguments passed on). WEB_CONCURRENCY=<n> or "auto" (one
// per core) runs n server processes behind the same port with node:cluster: one Node.js thread serves one
// process's requests, so a single process uses one core however many the machine has (bench/README.md).
//
// Every process has its own database pool (DATABASE_POOL_SIZE each) and its own short-lived caches (tenant by
// host 10 s, verified tokens 30 s). Rate limits must be shared, so more than one process needs REDIS_URL or
// Upstash, and a PostgreSQL database (the embedded PGlite opens its directory in one process only). The
// in-process job driver runs in the first process only; the others dispatch no events, and what they enqueue
// is picked up by that driver's schedules.
import cluster from 'node:cluster';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';

const require = createRequire(import.meta.url);
const nextBin = require.resolve('next/dist/bin/next');
const args = process.argv.slice(2);

function startNext() {
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
      const worker = cluster.fork({ QUARTERMASTER_WORKER: String(index), ...(index > 1 ? { JOBS_IN_PROCESS: 'false' } : {}) });
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
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
      const exit = () => Object.keys(cluster.workers ?? {}).length === 0 && process.exit(0);
      cluster.on('exit', exit);
      exit();
      setTimeout(() => process.exit(0), 10_000).unref();
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  }
}
