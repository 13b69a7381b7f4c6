import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createTenant, ownerDb, type TestTenant } from '../../../support/factories';

let tenant: TestTenant;
let appSql: postgres.Sql;
let snapshot: postgres.Row[];

const readRows = () => ownerDb()`select id, action, target_id, changes from audit_log where organisation_id = ${tenant.id} order by id`;

/** Runs `statement` the way the app does: as quartermaster_app with the tenant set, in one transaction. */
async function asApp(statement: (tx: postgres.TransactionSql) => Promise<unknown>): Promise<unknown> {
  return appSql.begin(async (tx) => {
    await tx`select set_config('role', 'quartermaster_app', true), set_config('app.organisation_id', ${tenant.id}, true)`;
    return statement(tx);
  });
}

async function failure(promise: Promise<unknown>): Promise<postgres.PostgresError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'the statement should have failed').toBeInstanceOf(postgres.PostgresError);
  return error as postgres.PostgresError;
}

beforeAll(async () => {
  tenant = await createTenant();
  appSql = postgres(inject('appDatabaseUrl'), { max: 1, onnotice: () => {} });
  await ownerDb()`insert into audit_log (organisation_id, actor_type, action, target_type, target_id, changes)
    values (${tenant.id}, 'SYSTEM', 'IMMUTABILITY_PROBE', 'TEST', 'first', ${ownerDb().json({ a: { before: 1, after: 2 } })}),
           (${tenant.id}, 'SYSTEM', 'IMMUTABILITY_PROBE', 'TEST', 'second', '{}')`;
  snapshot = await readRows();
  expect(snapshot).toHaveLength(2);
});

afterAll(async () => {
  await appSql.end({ timeout: 5 });
});

describe('audit_log as the app role', () => {
  it('can read and append its tenant’s entries', async () => {
    const rows = (await asApp((tx) => tx`select target_id from audit_log order by id`)) as postgres.Row[];
    expect(rows.map((r) => r.target_id)).toEqual(['first', 'second']);
  });

  it('cannot UPDATE: permission denied, rows unchanged', async () => {
    const error = await failure(asApp((tx) => tx`update audit_log set action = 'TAMPERED' where organisation_id = ${tenant.id}`));
    expect(error.code).toBe('42501');
    expect(await readRows()).toEqual(snapshot);
  });

  it('cannot DELETE: permission denied, rows unchanged', async () => {
    const error = await failure(asApp((tx) => tx`delete from audit_log where organisation_id = ${tenant.id}`));
    expect(error.code).toBe('42501');
    expect(await readRows()).toEqual(snapshot);
  });

  it('cannot TRUNCATE: permission denied, rows unchanged', async () => {
    const error = await failure(asApp((tx) => tx`truncate audit_log`));
    expect(error.code).toBe('42501');
    expect(await readRows()).toEqual(snapshot);
  });

  it('cannot DELETE even with quartermaster.audit_purge switched on', async () => {
    const error = await failure(
      asApp(async (tx) => {
        await tx`select set_config('quartermaster.audit_purge', 'on', true)`;
        return tx`delete from audit_log where organisation_id = ${tenant.id}`;
      }),
    );
    expect(error.code).toBe('42501');
    expect(await readRows()).toEqual(snapshot);
  });
});

describe('audit_log as the table owner (superuser)', () => {
  it('cannot UPDATE: the trigger refuses because the log is append-only', async () => {
    const error = await failure(ownerDb()`update audit_log set changes = '{}' where organisation_id = ${tenant.id} and target_id = 'first'`);
    expect(error.message).toMatch(/append-only/);
    expect(error.message).toMatch(/UPDATE/);
    expect(await readRows()).toEqual(snapshot);
  });

  it('cannot DELETE without the purge switch', async () => {
    const error = await failure(ownerDb()`delete from audit_log where organisation_id = ${tenant.id}`);
    expect(error.message).toMatch(/append-only/);
    expect(await readRows()).toEqual(snapshot);
  });

  it('cannot TRUNCATE, not even with the purge switch', async () => {
    expect((await failure(ownerDb()`truncate audit_log`)).message).toMatch(/append-only/);
    const purging = ownerDb().begin(async (tx) => {
      await tx`select set_config('quartermaster.audit_purge', 'on', true)`;
      await tx`truncate audit_log`;
    });
    expect((await failure(purging)).message).toMatch(/append-only/);
    expect(await readRows()).toEqual(snapshot);
  });

  it('cannot UPDATE with the purge switch: the purge may only delete', async () => {
    const purging = ownerDb().begin(async (tx) => {
      await tx`select set_config('quartermaster.audit_purge', 'on', true)`;
      await tx`update audit_log set action = 'TAMPERED' where organisation_id = ${tenant.id}`;
    });
    expect((await failure(purging)).message).toMatch(/append-only/);
    expect(await readRows()).toEqual(snapshot);
  });

  it('cannot DELETE with the bare purge switch: only app_purge_audit_log opens it (tests/integration/privacy/retention)', async () => {
    const purging = ownerDb().begin(async (tx) => {
      await tx`select set_config('quartermaster.audit_purge', 'on', true)`;
      await tx`delete from audit_log where organisation_id = ${tenant.id} and target_id = 'first'`;
    });
    expect((await failure(purging)).message).toMatch(/append-only/);
    expect(await readRows()).toEqual(snapshot);
  });
});
