import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { connectLedgerPostgres, type LedgerConnection } from '@/db/ledger/connect-ledger';
import { createContext } from '@/lib/platform/core/context';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { recordInLedger } from '@/lib/privacy/erasure/deletion-ledger';
import { erasePerson } from '@/lib/privacy/erasure/erase-person';
import { ledgerSubjectKey } from '@/lib/privacy/erasure/pseudonym';
import { REPLAY_LOCK } from '@/lib/privacy/erasure/restore-marker-replay';
import { createPerson, createTenant, type TestTenant } from '../../../support/factories';
import { jobDb } from '../../../support/job-db';
import { databaseUrl, testDatabase } from '../../../support/test-env';

const run = promisify(execFile);
const root = process.cwd();
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
// Nothing listens on port 1: a ledger that is configured but unreachable.
const unreachableLedger = 'postgres://postgres@127.0.0.1:1/ledger';

type Outcome = { code: number; stdout: string; stderr: string };

/** A process of its own, as an operator or an app instance runs it; never throws, so a test can assert a failure. */
async function runScript(script: string, env: Record<string, string>, args: string[] = []): Promise<Outcome> {
  const base: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', NEXT_RUNTIME: 'nodejs', JOBS_IN_PROCESS: 'false' };
  try {
    const { stdout, stderr } = await run(tsx, [script, ...args], { cwd: root, env: { ...base, ...env }, timeout: 120_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

describe('the ledger replay runs once per restore, on a restore marker (issue 27)', () => {
  const restoredName = `${testDatabase.name}_rm_${randomUUID().slice(0, 8)}`;
  const ledgerName = `${restoredName}_ledger`;
  const admin = () => postgres(testDatabase.adminUrl, { max: 1, onnotice: () => {} });
  const restoredOwnerUrl = databaseUrl(testDatabase.adminUrl, restoredName);
  const ledgerUrl = databaseUrl(testDatabase.adminUrl, ledgerName);
  let tenant: TestTenant;
  let personId: string;
  let ledger: LedgerConnection;
  let restored: postgres.Sql;
  let workDir: string;
  const instance = (ledgerDatabaseUrl: string) => ({
    DATABASE_URL: databaseUrl(testDatabase.adminUrl, restoredName, testDatabase.appRole),
    DATABASE_OWNER_URL: restoredOwnerUrl,
    LEDGER_DATABASE_URL: ledgerDatabaseUrl,
    PSEUDONYM_SECRET: inject('pseudonymSecret'),
  });
  const startInstance = (ledgerDatabaseUrl = ledgerUrl) => runScript('tests/support/start-instance.ts', instance(ledgerDatabaseUrl));
  const person = async () => (await restored`select first_name, anonymized_at from persons where id = ${personId}`)[0];
  const markers = () => restored`select source, ledger_replayed_at is not null as replayed, ledger_result from restore_markers order by id`;
  const anonymisations = async () =>
    (await restored`select count(*)::int as n from audit_log where action = 'anonymize_person' and target_id = ${personId}`)[0]!.n as number;

  beforeAll(async () => {
    const secret = inject('pseudonymSecret');
    tenant = await createTenant();
    personId = await createPerson(tenant.id, { first_name: 'Ada', last_name: 'Restored' });
    workDir = await mkdtemp(path.join(tmpdir(), 'qm-restore-marker-'));
    const sql = admin();
    try {
      await sql.unsafe(`CREATE DATABASE "${ledgerName}"`);
      await sql.unsafe(`CREATE DATABASE "${restoredName}"`);
    } finally {
      await sql.end();
    }
    // A ledger of this file's own: a replay of the shared one would reach every other file's subjects.
    ledger = await connectLedgerPostgres(ledgerUrl);

    // The backup, taken before the erasure; then the erasure (ledger first); then the restore: Ada is back.
    const dump = path.join(workDir, 'tenant.dump');
    await run('pg_dump', ['-Fc', '-f', dump, inject('ownerDatabaseUrl')]);
    const now = new Date();
    await recordInLedger(ledger.db, { entryKey: `test:${randomUUID()}`, organisationId: tenant.id, subjectKey: ledgerSubjectKey(secret, tenant.id, personId), reason: 'erasure_request', scope: 'full', fields: [], effectiveAt: now });
    const { ctx } = createContext({ organisationId: tenant.id, user: null, requestId: 'test', now });
    await withTenant(jobDb(), tenant.id, (tx) => erasePerson(tx, ctx, personId, { scope: 'full' }, secret));
    await run('pg_restore', ['--no-owner', '--exit-on-error', '-d', restoredOwnerUrl, dump]);
    restored = postgres(restoredOwnerUrl, { max: 2, onnotice: () => {} });
  }, 120_000);

  afterAll(async () => {
    await restored?.end();
    await ledger?.close();
    const sql = admin();
    await sql.unsafe(`DROP DATABASE IF EXISTS "${restoredName}" WITH (FORCE)`);
    await sql.unsafe(`DROP DATABASE IF EXISTS "${ledgerName}" WITH (FORCE)`);
    await sql.end();
    await rm(workDir, { recursive: true, force: true });
  });

  it('without a restore marker, a start reads no ledger: it starts with the ledger unreachable and re-erases nobody', async () => {
    const started = await startInstance(unreachableLedger);
    expect(started.stderr).not.toMatch(/Error/);
    expect(started).toMatchObject({ code: 0, stdout: expect.stringContaining('instance started') });
    expect(await person()).toEqual({ first_name: 'Ada', anonymized_at: null });
    expect(await markers()).toEqual([]);
  });

  it('an operator marks the restore; an empty source is refused in a plain sentence and marks nothing', async () => {
    const refused = await runScript('scripts/mark-restored.ts', instance(ledgerUrl), ['  ']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^Say in a few words where the restored data came from/);
    expect(await markers()).toEqual([]);

    const marked = await runScript('scripts/mark-restored.ts', instance(ledgerUrl), ["pg_restore of last night's dump"]);
    expect(marked).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Restore marked: the next instance to start re-erases/) });
    expect(await markers()).toEqual([{ source: "pg_restore of last night's dump", replayed: false, ledger_result: null }]);
  });

  it('with a marker pending, an unreachable ledger stops the start and the marker stays pending', async () => {
    const started = await startInstance(unreachableLedger);
    expect(started.code).not.toBe(0);
    expect(started.stderr).toMatch(/ECONNREFUSED/);
    expect(started.stdout).not.toContain('instance started');
    expect(await person()).toEqual({ first_name: 'Ada', anonymized_at: null });
    expect(await markers()).toMatchObject([{ replayed: false, ledger_result: null }]);
  });

  it('three instances starting at once after the restore: one replays and re-erases, the others wait and replay nothing', async () => {
    const holder = postgres(restoredOwnerUrl, { max: 1, onnotice: () => {} });
    try {
      // The test holds the replay lock until all three instances queue on it, so they really race.
      const starts = await holder.begin(async (tx) => {
        await tx`select pg_advisory_xact_lock(hashtextextended(${REPLAY_LOCK}, 0))`;
        const pending = [startInstance(), startInstance(), startInstance()];
        const waiting = async () =>
          (await tx`select count(*)::int as n from pg_locks w
            join pg_locks held on held.locktype = 'advisory' and held.pid = pg_backend_pid() and held.granted
            where w.locktype = 'advisory' and not w.granted and w.database = held.database and w.classid = held.classid and w.objid = held.objid`)[0]!.n as number;
        while ((await waiting()) < 3) await new Promise((resolve) => setTimeout(resolve, 200));
        return pending;
      });
      const outcomes = await Promise.all(starts);
      expect(outcomes.map((o) => o.code)).toEqual([0, 0, 0]);
      const replayed = outcomes.filter((o) => o.stdout.includes('deletion ledger replayed'));
      expect(replayed).toHaveLength(1);
      expect(replayed[0]!.stdout).toContain('deletion ledger replayed after 1 restore(s): 1 subject(s) erased again, 0 already erased.');
    } finally {
      await holder.end();
    }
    expect(await person()).toMatchObject({ first_name: 'ANONYMIZED', anonymized_at: expect.any(Date) });
    expect(await anonymisations()).toBe(1);
    expect(await markers()).toEqual([
      { source: "pg_restore of last night's dump", replayed: true, ledger_result: { entries: 1, tenants: 1, reErased: 1, alreadyErased: 0, notFound: 0 } },
    ]);
  }, 180_000);

  it('the next start reads no ledger again: it starts with the ledger unreachable', async () => {
    const started = await startInstance(unreachableLedger);
    expect(started).toMatchObject({ code: 0, stdout: expect.stringContaining('instance started') });
    expect(started.stdout).not.toContain('deletion ledger replayed');
    expect(await anonymisations()).toBe(1);
  });

  it('npm run ledger:replay replays on demand, and consumes a pending marker so no start replays it again', async () => {
    const unmarked = await runScript('scripts/replay-ledger.ts', instance(ledgerUrl));
    expect(unmarked.code).toBe(0);
    expect(unmarked.stdout).toContain('Deletion ledger: 1 entries over 1 tenants; re-erased 0, already erased 1, not in this database 0.');
    expect(unmarked.stdout).toContain('No restore was waiting for the replay.');

    await restored`insert into restore_markers (source) values ('cloud snapshot')`;
    const marked = await runScript('scripts/replay-ledger.ts', instance(ledgerUrl));
    expect(marked).toMatchObject({ code: 0, stdout: expect.stringContaining('This covers 1 restore(s) marked as waiting for the replay.') });
    expect((await markers()).at(-1)).toEqual({ source: 'cloud snapshot', replayed: true, ledger_result: { entries: 1, tenants: 1, reErased: 0, alreadyErased: 1, notFound: 0 } });
    expect((await startInstance(unreachableLedger)).code).toBe(0);
  });

  it('markers are the operator’s: the app role reads and stamps them outside a tenant, sees none inside one, and cannot add one', async () => {
    const app = postgres(instance(ledgerUrl).DATABASE_URL, { max: 1, onnotice: () => {} });
    try {
      const asApp = <T>(organisationId: string | null, statement: (tx: postgres.TransactionSql) => Promise<T>) =>
        app.begin(async (tx) => {
          await tx`select set_config('role', 'quartermaster_app', true)`;
          if (organisationId) await tx`select set_config('app.organisation_id', ${organisationId}, true)`;
          return statement(tx);
        }) as Promise<T>;
      expect(await asApp(null, (tx) => tx`select source from restore_markers order by id`)).toHaveLength(2);
      expect(await asApp(tenant.id, (tx) => tx`select source from restore_markers`)).toHaveLength(0);
      expect((await asApp(tenant.id, (tx) => tx`update restore_markers set ledger_replayed_at = null, ledger_result = null`)).count).toBe(0);
      await expect(asApp(null, (tx) => tx`insert into restore_markers (source) values ('forged')`)).rejects.toMatchObject({ code: '42501' });
      expect(await markers()).toHaveLength(2);
    } finally {
      await app.end();
    }
  });
});

describe('the embedded demo (PGlite, no DATABASE_URL) has no restores', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'qm-restore-marker-demo-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts without opening the ledger, and refuses to mark a restore', async () => {
    const env = { PGLITE_DATA_DIR: path.join(dataDir, 'pglite') };
    const started = await runScript('tests/support/start-instance.ts', env);
    expect(started).toMatchObject({ code: 0, stdout: expect.stringContaining('instance started') });
    await expect(stat(path.join(dataDir, 'ledger'))).rejects.toMatchObject({ code: 'ENOENT' });

    const marked = await runScript('scripts/mark-restored.ts', env, ['a snapshot']);
    expect(marked.code).toBe(1);
    expect(marked.stderr).toMatch(/^The embedded demo database is never restored from a backup/);
  }, 180_000);
});
