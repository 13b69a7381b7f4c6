import { randomUUID } from 'node:crypto';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { describeAuditEntry, sentenceText } from '@/components/audit/describe-audit-entry';
import * as schema from '@/db/schema';
import { listAuditEntries } from '@/lib/privacy/audit-log/list-audit-entries';
import { resolveAuditNames } from '@/lib/privacy/audit-log/resolve-audit-names';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { createTenant, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';

let tenant: TestTenant;
let other: TestTenant;
let appSql: postgres.Sql;
const queries: string[] = [];
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

function db() {
  return drizzle(appSql, { schema, logger: { logQuery: (query) => queries.push(query) } });
}

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  appSql = postgres(inject('appDatabaseUrl'), { max: 2, onnotice: () => {} });
  const sql = ownerDb();
  const [drill, saw] = await insertAssets(tenant, [{ name: 'Cordless drill' }, { name: 'Circular saw' }]);
  const [foreign] = await insertAssets(other, [{ name: 'Globex secret' }]);
  const [annex] = await sql`insert into locations (organisation_id, name) values (${tenant.id}, 'Annex') returning id`;
  const deletedLocation = randomUUID();
  const entries = [
    // Twenty moves between two locations, one of them since deleted: names come from one query for all rows.
    ...Array.from({ length: 20 }, (_, i) => ({
      actor: tenant.manager.id,
      action: 'ASSET_UPDATED',
      type: 'ASSET',
      target: i % 2 ? drill! : saw!,
      asset: i % 2 ? drill! : saw!,
      changes: { locationId: { before: i % 3 ? tenant.locationId : deletedLocation, after: annex!.id } },
    })),
    { actor: tenant.admin.id, action: 'USER_ROLE_CHANGED', type: 'USER', target: tenant.employee.id, asset: null, changes: { role: { before: 'EMPLOYEE', after: 'ASSET_MANAGER' } } },
    { actor: tenant.admin.id, action: 'LOCATION_DELETED', type: 'LOCATION', target: deletedLocation, asset: null, changes: { name: { before: 'Old shed', after: null } } },
    // An id of another tenant's asset must not be named, whatever an entry says.
    { actor: tenant.manager.id, action: 'LOAN_APPROVED', type: 'LOAN', target: randomUUID(), asset: foreign!, changes: {} },
  ];
  for (const e of entries) {
    await sql`insert into audit_log (organisation_id, actor_type, actor_user_id, action, target_type, target_id, asset_id, changes)
      values (${tenant.id}, 'USER', ${e.actor}, ${e.action}, ${e.type}, ${e.target}, ${e.asset && e.asset !== foreign ? e.asset : null}, ${sql.json(e.changes)})`;
  }
  await sql`insert into audit_log (organisation_id, actor_type, actor_user_id, action, target_type, target_id, changes)
    values (${tenant.id}, 'USER', ${tenant.manager.id}, 'ASSET_UPDATED', 'ASSET', ${foreign!}, '{}')`;
});

afterAll(async () => {
  await appSql.end({ timeout: 5 });
});

describe('resolveAuditNames', () => {
  it('names every id of a page with one query per kind, and deleted or foreign records without their id', async () => {
    const { page, names, lookups } = await withTenant(db(), tenant.id, async (tx) => {
      const page = await listAuditEntries(tx, { organisationId: tenant.id, user: { id: tenant.admin.id, personId: null, duties: [] } } as never, { limit: 100 });
      const before = queries.length;
      const names = await resolveAuditNames(tx, tenant.id, page.data);
      return { page, names, lookups: queries.slice(before) };
    });
    expect(page.data).toHaveLength(24);
    // users, assets and locations: three kinds, three queries, however many rows name them.
    expect(lookups).toHaveLength(3);
    expect(lookups.filter((q) => q.includes('"locations"'))).toHaveLength(1);

    expect(names.locations).toEqual({ [tenant.locationId]: 'Head office', [(await ownerDb()`select id from locations where name = 'Annex' and organisation_id = ${tenant.id}`)[0]!.id]: 'Annex' });
    expect(Object.values(names.assets).sort()).toEqual(['Circular saw', 'Cordless drill']);
    expect(Object.values(names.users)).toHaveLength(3);

    const texts = page.data.map((entry) => {
      const description = describeAuditEntry(entry, names);
      const lines = description.changes.map((line) => ('summary' in line ? line.summary : `${line.label}: ${line.before.text} → ${line.after.text}`));
      return [sentenceText(description), ...lines].join(' | ');
    });
    for (const text of texts) expect(text).not.toMatch(UUID);
    expect(texts).toContain('Test ADMIN changed the role of Test EMPLOYEE. | Role: Employee → Asset manager');
    expect(texts).toContain('Test ADMIN deleted the location Old shed. | Name: Old shed → —');
    expect(texts).toContain('Test ASSET_MANAGER changed the asset Cordless drill. | Location: Head office → Annex');
    expect(texts).toContain('Test ASSET_MANAGER changed the asset Circular saw. | Location: a deleted location → Annex');
    expect(texts).toContain('Test ASSET_MANAGER approved the loan of a deleted asset.');
    expect(texts).toContain('Test ASSET_MANAGER changed the asset a deleted asset.');
    expect(texts.join('\n')).not.toContain('Globex secret');
  });
});
