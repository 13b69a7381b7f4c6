// Drill (b)'s load: concurrent loan INSERTs through the multi-host address, as the app's runtime role connects,
// killing the primary mid-load. Every id whose COMMIT was acknowledged is recorded and looked for afterwards.
import { spawnSync } from 'node:child_process';
import postgres from 'postgres';
import { driverSessionOptions } from '@/lib/platform/db/database-url';

const url = process.env.DATABASE_URL ?? '';
const killCommand = process.env.DRILL_KILL_COMMAND ?? '';
const workers = Number(process.env.DRILL_WRITERS ?? 4);
const loadBeforeKillMs = Number(process.env.DRILL_LOAD_BEFORE_KILL_MS ?? 5000);
const loadAfterRecoveryMs = Number(process.env.DRILL_LOAD_AFTER_RECOVERY_MS ?? 5000);
const giveUpMs = Number(process.env.DRILL_GIVE_UP_MS ?? 120_000);
if (!url || !killCommand) throw new Error('DATABASE_URL and DRILL_KILL_COMMAND are required.');

const sql = postgres(url, { max: workers, onnotice: () => {}, connect_timeout: 2, ...driverSessionOptions(url) });
const acknowledged: number[] = [];
const serverPorts = new Set<number>();
let nextId = 1;
let failed = 0;
let killedAt = 0;
let lastPort = 0;
let killedPort = 0;
let firstAckAfterKill = 0;
let stopAt = Number.POSITIVE_INFINITY;
const started = Date.now();

async function writer(): Promise<void> {
  while (Date.now() < stopAt && Date.now() - started < giveUpMs) {
    const id = nextId++;
    try {
      const [row] = await sql<{ port: number }[]>`
        insert into drill_failover_loans (id, borrower, due_on) values (${id}, ${`borrower-${id % 50}`}, current_date + 14)
        returning inet_server_port() as port`;
      acknowledged.push(id);
      serverPorts.add(row!.port);
      lastPort = row!.port;
      // A COMMIT in flight at the kill may still be acknowledged by the old primary: recovery is the new one answering.
      if (killedAt && !firstAckAfterKill && row!.port !== killedPort) {
        firstAckAfterKill = Date.now();
        stopAt = firstAckAfterKill + loadAfterRecoveryMs;
      }
    } catch {
      failed++;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const load = Promise.all(Array.from({ length: workers }, writer));
await new Promise((resolve) => setTimeout(resolve, loadBeforeKillMs));
const ackedBeforeKill = acknowledged.length;
killedPort = lastPort;
const kill = spawnSync('bash', ['-c', killCommand], { stdio: 'inherit' });
if (kill.status !== 0) throw new Error('The kill command failed.');
killedAt = Date.now();
await load;

const [counted] = await sql<{ present: number }[]>`select count(*)::int as present from drill_failover_loans where id = any(${acknowledged}::bigint[])`;
const [answering] = await sql<{ port: number }[]>`select inet_server_port() as port`;
const present = counted?.present ?? 0;
await sql.end({ timeout: 5 });

const lost = acknowledged.length - present;
const figures = {
  writesAcknowledged: acknowledged.length,
  acknowledgedBeforeKill: ackedBeforeKill,
  writesRefusedDuringFailover: failed,
  timeToFailoverSeconds: firstAckAfterKill ? Number(((firstAckAfterKill - killedAt) / 1000).toFixed(1)) : null,
  primaryAfter: answering?.port,
  serverPorts: [...serverPorts].sort(),
  rowsLost: lost,
};
console.log(JSON.stringify(figures));
const broken = [
  !firstAckAfterKill && 'writes never resumed after the primary was lost',
  lost !== 0 && `${lost} acknowledged loan(s) are missing`,
  serverPorts.size < 2 && 'every write reached the same node, so no failover happened',
].filter(Boolean);
if (broken.length) {
  console.error(`Drill (b) failed: ${broken.join('; ')}.`);
  process.exit(1);
}
