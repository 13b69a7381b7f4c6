import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createTenant, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';

const tenantTables = ['assets', 'categories', 'locations', 'users', 'persons', 'audit_log', 'webhook_endpoints', 'webhook_deliveries', 'webhook_delivery_attempts', 'idempotency_keys'] as const;

let a: TestTenant;
let b: TestTenant;
let appSql: postgres.Sql;

/** The app's request transaction: RLS-bound role, tenant set locally (lib/platform/tenancy/with-tenant.ts). */
function asApp<T>(organisationId: string | null, statement: (tx: postgres.TransactionSql) => Promise<T>): Promise<T> {
  return appSql.begin(async (tx) => {
    await tx`select set_config('role', 'quartermaster_app', true)`;
    if (organisationId) await tx`select set_config('app.organisation_id', ${organisationId}, true)`;
    return statement(tx);
  }) as Promise<T>;
}

async function rlsViolation(promise: Promise<unknown>): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e as postgres.PostgresError,
  );
  expect(error?.code, 'expected a row-level security violation').toBe('42501');
  expect(error?.message).toMatch(/row-level security/);
}

const ownerCount = async (table: string, organisationId: string) =>
  (await ownerDb()`select count(*)::int as n from ${ownerDb()(table)} where organisation_id = ${organisationId}`)[0]!.n as number;

beforeAll(async () => {
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  await Promise.all([insertAssets(a, [{}, {}]), insertAssets(b, [{}, {}, {}])]);
  await ownerDb()`insert into audit_log (organisation_id, actor_type, action, target_type, target_id)
    values (${a.id}, 'SYSTEM', 'RLS_PROBE', 'TEST', 'a'), (${b.id}, 'SYSTEM', 'RLS_PROBE', 'TEST', 'b')`;
  for (const tenant of [a, b]) {
    const [endpoint] = await ownerDb()`insert into webhook_endpoints (organisation_id, url, event_types, secret)
      values (${tenant.id}, 'https://hooks.example.test/', ${['loan.approved']}, ${Buffer.from('probe')}) returning id`;
    const [delivery] = await ownerDb()`insert into webhook_deliveries (organisation_id, endpoint_id, event_id, event_type, payload)
      values (${tenant.id}, ${endpoint!.id}, ${randomUUID()}, 'loan.approved', ${ownerDb().json({ probe: true })}) returning id`;
    await ownerDb()`insert into webhook_delivery_attempts (organisation_id, delivery_id, attempted_at, response_status, duration_ms)
      values (${tenant.id}, ${delivery!.id}, now(), 500, 1)`;
  }
  await ownerDb()`insert into idempotency_keys (organisation_id, user_id, key, request_method, request_path, request_fingerprint, expires_at)
    values (${a.id}, ${a.employee.id}, 'rls-probe', 'POST', '/api/v1/loans', ${'a'.repeat(64)}, now() + interval '1 day'),
      (${b.id}, ${b.employee.id}, 'rls-probe', 'POST', '/api/v1/loans', ${'b'.repeat(64)}, now() + interval '1 day')`;
  appSql = postgres(inject('appDatabaseUrl'), { max: 1, onnotice: () => {} });
});

afterAll(async () => {
  await appSql.end({ timeout: 5 });
});

describe('row-level security when a query forgets its tenant filter', () => {
  it.each(tenantTables)('select * from %s returns exactly tenant A’s rows', async (table) => {
    const rows = await asApp(a.id, (tx) => tx`select * from ${tx(table)}`);
    expect(rows.length).toBe(await ownerCount(table, a.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.organisation_id))).toEqual(new Set([a.id]));
  });

  it('select * from organisations returns only tenant A', async () => {
    const rows = await asApp(a.id, (tx) => tx`select id from organisations`);
    expect(rows.map((r) => r.id)).toEqual([a.id]);
  });

  it.each([...tenantTables, 'organisations'])('%s returns no rows when no tenant is set', async (table) => {
    expect(await asApp(null, (tx) => tx`select * from ${tx(table)}`)).toHaveLength(0);
    expect(await asApp(null, async (tx) => {
      await tx`select set_config('app.organisation_id', '', true)`;
      return tx`select * from ${tx(table)}`;
    })).toHaveLength(0);
  });

  it('applies to the login role itself too, on a connection that never set a tenant', async () => {
    const fresh = postgres(inject('appDatabaseUrl'), { max: 1, onnotice: () => {} });
    try {
      const [row] = await fresh`select current_setting('app.organisation_id', true) as setting, (select count(*)::int from assets) as assets, (select count(*)::int from users) as users`;
      expect(row).toEqual({ setting: null, assets: 0, users: 0 });
    } finally {
      await fresh.end({ timeout: 5 });
    }
  });

  it('refuses INSERT of rows carrying tenant B’s organisation_id', async () => {
    await rlsViolation(asApp(a.id, (tx) => tx`insert into categories (organisation_id, name) values (${b.id}, ${`Planted ${randomUUID()}`})`));
    await rlsViolation(asApp(a.id, (tx) => tx`insert into locations (organisation_id, name) values (${b.id}, ${`Planted ${randomUUID()}`})`));
    await rlsViolation(asApp(a.id, (tx) => tx`insert into persons (organisation_id, first_name, last_name) values (${b.id}, 'Planted', 'Person')`));
    await rlsViolation(
      asApp(a.id, (tx) => tx`insert into audit_log (organisation_id, actor_type, action, target_type, target_id) values (${b.id}, 'SYSTEM', 'FORGED', 'TEST', 'x')`),
    );
    await rlsViolation(
      asApp(a.id, (tx) => tx`insert into assets (organisation_id, name, category_id, location_id, inventory_number)
        values (${b.id}, 'Planted', ${b.categoryId}, ${b.locationId}, ${randomUUID()})`),
    );
    await rlsViolation(
      asApp(a.id, (tx) => tx`insert into idempotency_keys (organisation_id, user_id, key, request_method, request_path, request_fingerprint, expires_at)
        values (${b.id}, ${b.employee.id}, 'planted', 'POST', '/api/v1/loans', ${'d'.repeat(64)}, now() + interval '1 day')`),
    );
    expect(await ownerDb()`select id from categories where organisation_id = ${b.id} and name like 'Planted%'`).toHaveLength(0);
    expect(await ownerDb()`select id from audit_log where organisation_id = ${b.id} and action = 'FORGED'`).toHaveLength(0);
  });

  it('refuses moving tenant A’s row to tenant B', async () => {
    await rlsViolation(asApp(a.id, (tx) => tx`update categories set organisation_id = ${b.id} where id = ${a.categoryId}`));
    expect((await ownerDb()`select organisation_id from categories where id = ${a.categoryId}`)[0]!.organisation_id).toBe(a.id);
  });

  it('UPDATE and DELETE of tenant B’s rows affect 0 rows', async () => {
    const before = await Promise.all(tenantTables.map((t) => ownerCount(t, b.id)));
    const counts = await asApp(a.id, async (tx) => [
      (await tx`update categories set name = 'Hijacked' where id = ${b.categoryId}`).count,
      (await tx`update locations set name = 'Hijacked' where organisation_id = ${b.id}`).count,
      (await tx`update users set role = 'EMPLOYEE', is_active = false where organisation_id = ${b.id}`).count,
      (await tx`update persons set first_name = 'Hijacked' where organisation_id = ${b.id}`).count,
      (await tx`update organisations set name = 'Hijacked' where id = ${b.id}`).count,
      (await tx`delete from assets where organisation_id = ${b.id}`).count,
      (await tx`delete from users where id = ${b.admin.id}`).count,
      (await tx`delete from locations where id = ${b.locationId}`).count,
      (await tx`delete from categories where organisation_id <> ${a.id}`).count,
      (await tx`update webhook_endpoints set url = 'https://attacker.example.test/' where organisation_id = ${b.id}`).count,
      (await tx`delete from webhook_deliveries where organisation_id = ${b.id}`).count,
      (await tx`update idempotency_keys set request_fingerprint = ${'c'.repeat(64)} where organisation_id = ${b.id}`).count,
      (await tx`delete from idempotency_keys where organisation_id <> ${a.id}`).count,
    ]);
    expect(counts).toEqual(Array.from({ length: 13 }, () => 0));
    expect(await Promise.all(tenantTables.map((t) => ownerCount(t, b.id)))).toEqual(before);
    const [org] = await ownerDb()`select name from organisations where id = ${b.id}`;
    expect(org!.name).not.toBe('Hijacked');
    const [admin] = await ownerDb()`select role, is_active from users where id = ${b.admin.id}`;
    expect(admin).toEqual({ role: 'ADMIN', is_active: true });
    expect(await ownerDb()`select id from persons where first_name = 'Hijacked' and organisation_id = ${b.id}`).toHaveLength(0);
    expect(await ownerDb()`select id from categories where name = 'Hijacked'`).toHaveLength(0);
  });
});

describe('database roles and table flags', () => {
  it('quartermaster_app cannot bypass RLS, cannot log in and owns no relation', async () => {
    const [role] = await ownerDb()`select rolsuper, rolbypassrls, rolcanlogin from pg_roles where rolname = 'quartermaster_app'`;
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false, rolcanlogin: false });
    expect(await ownerDb()`select tablename from pg_tables where tableowner = 'quartermaster_app'`).toEqual([]);
    expect(await ownerDb()`select relname from pg_class where relowner = 'quartermaster_app'::regrole`).toEqual([]);
  });

  it('the runtime login role is neither superuser nor BYPASSRLS, and cannot become a role that is or owns tables', async () => {
    const [role] = await appSql`select current_user as name, rolsuper, rolbypassrls from pg_roles where rolname = current_user`;
    expect(role).toEqual({ name: 'qm_app_test', rolsuper: false, rolbypassrls: false });
    const dangerous = await appSql`select r.rolname from pg_roles r
      where pg_has_role(current_user, r.oid, 'MEMBER')
        and (r.rolsuper or r.rolbypassrls or exists (select 1 from pg_class c where c.relowner = r.oid and c.relnamespace = 'public'::regnamespace))`;
    expect(dangerous).toEqual([]);
  });

  it('neither role can create objects in public, and the owner-rights functions they may call are the reviewed ones', async () => {
    const [create] = await ownerDb()`select has_schema_privilege('quartermaster_app', 'public', 'CREATE') as app, has_schema_privilege('qm_app_test', 'public', 'CREATE') as login`;
    expect(create).toEqual({ app: false, login: false });
    // A SECURITY DEFINER function runs past RLS; each one callable by the app must be reviewed and listed here.
    const definers = await ownerDb()`select proname from pg_proc
      where pronamespace = 'public'::regnamespace and prosecdef and has_function_privilege('quartermaster_app', oid, 'EXECUTE') order by proname`;
    expect(definers.map((f) => f.proname)).toEqual([
      'app_anonymize_audit_subject',
      'app_apply_registry_codelist',
      'app_count_asset_word_matches',
      'app_due_data_deletions',
      'app_due_loan_reminders',
      'app_due_outbox',
      'app_due_overdue_loans',
      'app_due_person_change_proposals',
      'app_due_webhook_deliveries',
      'app_encryption_key_organisations',
      'app_estimate_asset_word_matches',
      'app_lapsed_data_exports',
      'app_organisations_due_legal_report',
      'app_overdue_data_deletions',
      'app_pending_backups',
      'app_pending_data_exports',
      'app_purge_audit_log',
      'app_purge_idempotency_keys',
      'app_record_codelist_sync_error',
      'app_registry_backfills_due',
      'app_registry_linked_organisations',
      'app_registry_mirroring_organisations',
      'app_registry_person_mirrors',
      'app_resolve_organisation',
      'app_retention_organisations',
      'app_search_asset_ids',
      'app_search_asset_match_tids',
      'app_webhook_housekeeping_tenants',
    ]);
  });

  it('every public table with an organisation_id column has RLS enabled and forced, with a tenant policy', async () => {
    const tables = await ownerDb()`
      select c.relname as table, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
        coalesce((select bool_or(coalesce(p.qual, '') ~ 'app_current_organisation_id|app\\.organisation_id')
                  from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname), false) as tenant_policy
      from information_schema.columns col
      join pg_class c on c.relname = col.table_name and c.relnamespace = 'public'::regnamespace
      where col.table_schema = 'public' and col.column_name = 'organisation_id' and c.relkind in ('r', 'p')
      order by c.relname`;
    expect(tables.map((t) => t.table)).toEqual(expect.arrayContaining([...tenantTables].sort()));
    for (const t of tables) {
      expect({ table: t.table, enabled: t.enabled, forced: t.forced, tenantPolicy: t.tenant_policy }).toEqual({ table: t.table, enabled: true, forced: true, tenantPolicy: true });
    }
    const [organisations] = await ownerDb()`select relrowsecurity as enabled, relforcerowsecurity as forced from pg_class where oid = 'public.organisations'::regclass`;
    expect(organisations).toEqual({ enabled: true, forced: true });
  });

  it('no tenant-owned table shows another tenant’s rows to the app role, including tables added later', async () => {
    // Views count as well: one owned by the owner would otherwise read past RLS on the app's behalf.
    const tables = await ownerDb()`select c.relname as name from pg_class c
      join pg_attribute att on att.attrelid = c.oid and att.attname = 'organisation_id' and not att.attisdropped
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
        and has_table_privilege('quartermaster_app', c.oid, 'SELECT')`;
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining([...tenantTables]));
    for (const { name } of tables) {
      const [seen] = await asApp(a.id, (tx) => tx`select count(*) filter (where organisation_id is distinct from ${a.id})::int as foreign_rows, count(*)::int as total from ${tx(name as string)}`);
      expect({ name, foreign: seen!.foreign_rows }).toEqual({ name, foreign: 0 });
      expect(seen!.total).toBe(await ownerCount(name as string, a.id));
    }
  });
});
