import { describe, expect, it } from 'vitest';
import { call } from '../../../support/api';
import { createTenant, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';

const sql = ownerDb();

async function seedLoans(tenant: TestTenant, assetId: string, requesterId: string, count: number, offset = 0): Promise<void> {
  await sql`insert into loans (organisation_id, asset_id, requester_id, status, start_date, end_date, purpose, returned_at)
    select ${tenant.id}, ${assetId}, ${requesterId}, 'RETURNED', date '2001-01-01' + i, date '2001-01-01' + i, 'Seeded ' || i, now()
    from generate_series(${offset + 1}::int, ${offset + count}::int) i`;
}

const list = async (tenant: TestTenant, token: string, query = '') => call('GET', `/api/v1/loans${query}`, { tenant: tenant.slug, token });

describe('GET /api/v1/loans: the total is exact up to 10,000 loans, an estimate above', () => {
  it('counts exactly up to 10,000 and says so; above, totalIsEstimate is true and the total more than 10,000; filters count exactly', async () => {
    const tenant = await createTenant();
    const [assetId] = await insertAssets(tenant, [{}]);
    const manager = await tenant.manager.token();
    await seedLoans(tenant, assetId!, tenant.manager.id, 9_997);
    await seedLoans(tenant, assetId!, tenant.employee.id, 3, 9_997);

    const exact = await list(tenant, manager, '?limit=2');
    expect(exact.status).toBe(200);
    expect(exact.body.data).toHaveLength(2);
    expect(exact.body.pagination).toMatchObject({ limit: 2, total: 10_000, totalIsEstimate: false, hasMore: true });

    await seedLoans(tenant, assetId!, tenant.manager.id, 1, 10_000);
    const estimated = await list(tenant, manager, '?limit=2');
    expect(estimated.status).toBe(200);
    expect(estimated.body.pagination.totalIsEstimate).toBe(true);
    expect(Number.isInteger(estimated.body.pagination.total)).toBe(true);
    expect(estimated.body.pagination.total).toBeGreaterThan(10_000);
    const next = await list(tenant, manager, `?limit=2&cursor=${estimated.body.pagination.nextCursor}`);
    expect(next.body.data.map((loan: { id: string }) => loan.id)).not.toContain(estimated.body.data[0].id);

    const own = await list(tenant, await tenant.employee.token());
    expect(own.body.pagination).toMatchObject({ total: 3, totalIsEstimate: false, hasMore: false });
    expect(own.body.data).toHaveLength(3);
    const filtered = await list(tenant, manager, `?userId=${tenant.employee.id}`);
    expect(filtered.body.pagination).toMatchObject({ total: 3, totalIsEstimate: false });
  });
});
