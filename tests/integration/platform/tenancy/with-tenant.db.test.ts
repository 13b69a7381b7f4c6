import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, rowsOf } from '@/db/client';
import { preparingClient } from '@/db/prepare-statements';
import * as schema from '@/db/schema';
import { assets } from '@/db/schema';
import { APP_ROLE, withTenant } from '@/lib/platform/tenancy/with-tenant';
import { createTenant, insertAssets, type TestTenant } from '../../../support/factories';

let client: postgres.Sql;
let db: Database;
let tenantA: TestTenant;
let tenantB: TestTenant;

beforeAll(async () => {
  client = postgres(inject('appDatabaseUrl'), { max: 3, prepare: true, onnotice: () => {} });
  db = drizzle(preparingClient(client, 50), { schema });
  [tenantA, tenantB] = await Promise.all([createTenant(), createTenant()]);
  await Promise.all([insertAssets(tenantA, [{ name: 'A1' }, { name: 'A2' }]), insertAssets(tenantB, [{ name: 'B1' }])]);
});

afterAll(async () => {
  await client.end({ timeout: 5 });
});

type Scope = { role: string; organisation: string };
const whoAmI = (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) =>
  tx.execute(sql`select current_user as role, current_setting('app.organisation_id', true) as organisation`).then((r) => rowsOf<Scope>(r)[0]!);

describe('withTenant on postgres.js (scoping statement pipelined with the first query)', () => {
  it('runs the first query of every transaction as the app role for its tenant, under concurrency', async () => {
    const tenants = Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? tenantA : tenantB));
    const seen = await Promise.all(tenants.map((tenant) => withTenant(db, tenant.id, whoAmI)));
    seen.forEach((scope, i) => expect(scope).toEqual({ role: APP_ROLE, organisation: tenants[i]!.id }));
  });

  it("sees only its tenant's rows with the first query, and nothing of the scope after the transaction", async () => {
    for (let round = 0; round < 10; round++) {
      const [a, b] = await Promise.all([
        withTenant(db, tenantA.id, (tx) => tx.select({ name: assets.name }).from(assets)),
        withTenant(db, tenantB.id, (tx) => tx.select({ name: assets.name }).from(assets)),
      ]);
      expect(a.map((r) => r.name).sort()).toEqual(['A1', 'A2']);
      expect(b.map((r) => r.name)).toEqual(['B1']);
    }
    // Outside a transaction the pooled connections carry neither the role nor the tenant.
    const outside = await Promise.all(Array.from({ length: 6 }, () => db.execute(sql`select current_user as role, current_setting('app.organisation_id', true) as organisation`)));
    for (const result of outside) {
      const scope = rowsOf<Scope>(result)[0]!;
      expect(scope.role).not.toBe(APP_ROLE);
      expect(scope.organisation ?? '').toBe('');
    }
  });

  it('rolls back and rethrows when the handler fails before or after its first query', async () => {
    await expect(withTenant(db, tenantA.id, async () => Promise.reject(new Error('early')))).rejects.toThrow('early');
    await expect(
      withTenant(db, tenantA.id, async (tx) => {
        await tx.execute(sql`select 1`);
        throw new Error('late');
      }),
    ).rejects.toThrow('late');
    await expect(withTenant(db, tenantA.id, whoAmI)).resolves.toEqual({ role: APP_ROLE, organisation: tenantA.id });
  });
});

describe('preparingClient', () => {
  it('prepares repeated statements on the connection, up to its limit of distinct texts', async () => {
    const limited = drizzle(preparingClient(postgres(inject('appDatabaseUrl'), { max: 1, prepare: true, onnotice: () => {} }), 2), { schema });
    const statements = async () =>
      // postgres.js prepares its own array-type lookup when it connects; only ours are counted.
      rowsOf<{ statement: string }>(await limited.execute(sql`select statement from pg_prepared_statements where statement like '%int as%'`)).map((r) => r.statement);
    await limited.execute(sql`select ${1}::int as first`);
    await limited.execute(sql`select ${1}::int as first`);
    await limited.execute(sql`select ${2}::int as second`);
    await limited.execute(sql`select ${3}::int as third`);
    const prepared = await statements();
    // Past the limit of two texts, the third (and the listing itself) ran unnamed.
    expect(prepared.sort()).toEqual(['select $1::int as first', 'select $1::int as second']);
    await (limited.$client as postgres.Sql).end({ timeout: 5 });
  });
});
