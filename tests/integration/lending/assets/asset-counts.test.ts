import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../support/api';
import { createTenant, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';

// pagination.total of the asset list comes from asset_counts (migration 0012) unless the list is searched or
// filtered by owner; these tests change assets every way the product does and compare it with a real count.

let tenant: TestTenant;
let other: TestTenant;
let managerToken: string;
let adminToken: string;
let secondCategory: string;
let secondLocation: string;

async function stored(target: TestTenant) {
  return ownerDb()`select status, category_id, location_id, count::int as n from asset_counts
    where organisation_id = ${target.id} and count <> 0 order by 1, 2, 3`;
}

async function recounted(target: TestTenant) {
  return ownerDb()`select status, category_id, location_id, count(*)::int as n from assets
    where organisation_id = ${target.id} group by 1, 2, 3 order by 1, 2, 3`;
}

async function listedTotal(query: string): Promise<number> {
  const response = await call('GET', `/api/v1/assets?limit=1${query}`, { tenant: tenant.slug, token: managerToken });
  expect(response.status).toBe(200);
  return response.body.pagination.total as number;
}

async function expectTotalsExact(): Promise<void> {
  expect(await stored(tenant)).toEqual(await recounted(tenant));
  const sql = ownerDb();
  const count = async (where: ReturnType<typeof sql>) => Number((await sql`select count(*)::int as n from assets where organisation_id = ${tenant.id} and ${where}`)[0]!.n);
  expect(await listedTotal('')).toBe(await count(sql`true`));
  expect(await listedTotal('&status=MAINTENANCE')).toBe(await count(sql`status = 'MAINTENANCE'`));
  expect(await listedTotal(`&categoryId=${secondCategory}`)).toBe(await count(sql`category_id = ${secondCategory}`));
  expect(await listedTotal(`&locationId=${secondLocation}&status=AVAILABLE`)).toBe(await count(sql`location_id = ${secondLocation} and status = 'AVAILABLE'`));
}

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  [managerToken, adminToken] = await Promise.all([tenant.manager.token(), tenant.admin.token()]);
  const sql = ownerDb();
  [{ id: secondCategory }] = await sql`insert into categories (organisation_id, name) values (${tenant.id}, 'Monitors') returning id`;
  [{ id: secondLocation }] = await sql`insert into locations (organisation_id, name) values (${tenant.id}, 'Warehouse') returning id`;
});

describe('asset counts behind pagination.total', () => {
  it('stays exact through inserts, API creates, edits, status changes, bulk moves and deletes', async () => {
    const inserted = await insertAssets(tenant, Array.from({ length: 30 }, (_, i) => ({ name: `Counted ${i}`, status: i % 3 === 0 ? 'MAINTENANCE' : 'AVAILABLE' })));
    await insertAssets(other, [{ name: 'Elsewhere' }]);
    await expectTotalsExact();

    const created = await call('POST', '/api/v1/assets', {
      tenant: tenant.slug,
      token: managerToken,
      json: { name: 'Dell U2723QE', categoryId: secondCategory, locationId: secondLocation, inventoryNumber: `MON-${randomUUID().slice(0, 6)}` },
    });
    expect(created.status).toBe(201);
    await expectTotalsExact();

    // A rename moves nothing between buckets; a status, location or category change does.
    expect((await call('PATCH', `/api/v1/assets/${inserted[1]}`, { tenant: tenant.slug, token: managerToken, json: { name: 'Renamed' } })).status).toBe(200);
    expect((await call('PATCH', `/api/v1/assets/${inserted[2]}`, { tenant: tenant.slug, token: managerToken, json: { status: 'MAINTENANCE' } })).status).toBe(200);
    expect((await call('PATCH', `/api/v1/assets/${inserted[4]}`, { tenant: tenant.slug, token: managerToken, json: { locationId: secondLocation } })).status).toBe(200);
    await ownerDb()`update assets set category_id = ${secondCategory}, custom_fields = '{}' where id = any(${inserted.slice(25, 28)}::uuid[])`;
    await expectTotalsExact();

    const moved = await call('POST', '/api/v1/assets/bulk-move', { tenant: tenant.slug, token: managerToken, json: { assetIds: inserted.slice(5, 25), locationId: secondLocation } });
    expect(moved.status).toBe(200);
    await expectTotalsExact();

    expect((await call('DELETE', `/api/v1/assets/${inserted[5]}`, { tenant: tenant.slug, token: adminToken })).status).toBe(204);
    await ownerDb()`delete from assets where id = any(${inserted.slice(26)}::uuid[])`;
    await expectTotalsExact();
    expect(await stored(other)).toEqual(await recounted(other));
  });

  it('stays exact when 20 assets are created at once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('POST', '/api/v1/assets', {
          tenant: tenant.slug,
          token: managerToken,
          json: { name: `Parallel ${i}`, categoryId: secondCategory, locationId: secondLocation, inventoryNumber: `PAR-${i}-${randomUUID().slice(0, 6)}` },
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
    await expectTotalsExact();
  });

  it('counts a search and an owner filter from the assets themselves', async () => {
    await insertAssets(tenant, [{ name: 'Hasselblad X2D' }, { name: 'Hasselblad 907X', ownerId: tenant.employee.id }]);
    expect(await listedTotal('&q=hasselblad')).toBe(2);
    expect(await listedTotal(`&ownerId=${tenant.employee.id}`)).toBe(1);
  });

  it('keeps the counters of a tenant away from every other tenant (row-level security)', async () => {
    const rows = await ownerDb().begin(async (tx) => {
      await tx`select set_config('role', 'quartermaster_app', true), set_config('app.organisation_id', ${other.id}, true)`;
      return tx`select distinct organisation_id from asset_counts`;
    });
    expect(rows.map((r) => r.organisation_id)).toEqual([other.id]);
  });
});
