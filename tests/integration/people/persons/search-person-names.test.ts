import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import * as schema from '@/db/schema';
import { listPersonNames } from '@/lib/people/persons/list-person-names';
import { searchPersonNames } from '@/lib/people/persons/search-person-names';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { createPerson, createTenant, type TestTenant } from '../../../support/factories';

let tenant: TestTenant;
let other: TestTenant;
let appSql: postgres.Sql;
const family = `Quist${randomBytes(3).toString('hex')}`;
const ids: Record<string, string> = {};

const db = () => drizzle(appSql, { schema });
const search = (tenantId: string, query: string) => withTenant(db(), tenantId, (tx) => searchPersonNames(tx, { organisationId: tenantId }, query));

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  appSql = postgres(inject('appDatabaseUrl'), { max: 2, onnotice: () => {} });
  ids.ada = await createPerson(tenant.id, { first_name: 'Ada', last_name: family });
  ids.bea = await createPerson(tenant.id, { first_name: 'Bea', last_name: family });
  ids.gone = await createPerson(tenant.id, { first_name: 'Gone', last_name: family, deleted_at: new Date() });
  ids.foreign = await createPerson(other.id, { first_name: 'Ada', last_name: family });
});

afterAll(async () => {
  await appSql.end();
});

describe('searchPersonNames', () => {
  it("finds the tenant's active persons by every word typed, names only, in name order", async () => {
    expect(await search(tenant.id, family.toLowerCase())).toEqual([
      { id: ids.ada, name: `Ada ${family}` },
      { id: ids.bea, name: `Bea ${family}` },
    ]);
    expect(await search(tenant.id, `bea ${family}`)).toEqual([{ id: ids.bea, name: `Bea ${family}` }]);
  });

  it('never finds a deactivated person nor another tenant’s, and needs two characters', async () => {
    const found = (await search(tenant.id, family)).map((p) => p.id);
    expect(found).not.toContain(ids.gone);
    expect(found).not.toContain(ids.foreign);
    expect(await search(tenant.id, 'a')).toEqual([]);
    expect(await search(tenant.id, '  ')).toEqual([]);
  });

  it('takes % and _ literally', async () => {
    expect(await search(tenant.id, '%%')).toEqual([]);
  });
});

describe('listPersonNames', () => {
  it("names the tenant's persons by id and leaves out unknown and foreign ids", async () => {
    const names = await withTenant(db(), tenant.id, (tx) => listPersonNames(tx, tenant.id, [ids.ada!, ids.foreign!, null, ids.ada!]));
    expect([...names.entries()]).toEqual([[ids.ada, `Ada ${family}`]]);
  });
});
