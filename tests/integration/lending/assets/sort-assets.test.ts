import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';

let tenant: TestTenant;
let token: string;

type Row = { id: string; name: string; inventoryNumber: string; status: string; createdAt: string; updatedAt: string };
const list = (query: string) => call('GET', `/api/v1/assets${query}`, { tenant: tenant.slug, token });

/** Every page of a sort, following nextCursor, three assets at a time. */
async function walk(sort: string): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 20; page++) {
    const response = await list(`?sort=${encodeURIComponent(sort)}&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.pagination.total).toBe(11);
    rows.push(...response.body.data);
    cursor = response.body.pagination.nextCursor;
    if (!cursor) break;
  }
  return rows;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

beforeAll(async () => {
  tenant = await createTenant();
  token = await tenant.employee.token();
  // Five assets share a name (in two spellings of case) and were inserted together, so they share created_at
  // too: only the id tie-breaker gives each one place in every order.
  await insertAssets(tenant, [
    ...Array.from({ length: 5 }, (_, i) => ({ name: i % 2 ? 'DRILL' : 'drill', inventoryNumber: `D-${i}`, status: i % 2 ? 'LOANED' : 'AVAILABLE' })),
    { name: 'anvil', inventoryNumber: 'A-1', status: 'RETIRED' },
    { name: 'Bench', inventoryNumber: 'B-1', status: 'MAINTENANCE' },
  ]);
  await insertAssets(tenant, [{ name: 'zither', inventoryNumber: 'Z-1' }, { name: 'Caliper', inventoryNumber: 'C-1' }, { name: 'drill', inventoryNumber: 'D-9' }, { name: 'Easel', inventoryNumber: 'E-1', status: 'LOANED' }]);
  await ownerDb()`update assets set updated_at = now() + interval '1 hour' where organisation_id = ${tenant.id} and name = 'Bench'`;
});

describe('GET /api/v1/assets?sort=', () => {
  it('orders by name ignoring case, and pages through equal names without repeating or skipping one', async () => {
    const rows = await walk('name');
    expect(rows).toHaveLength(11);
    expect(new Set(rows.map((row) => row.id)).size).toBe(11);
    expect(rows.map((row) => row.name.toLowerCase())).toEqual(['anvil', 'bench', 'caliper', 'drill', 'drill', 'drill', 'drill', 'drill', 'drill', 'easel', 'zither']);
    const drills = rows.filter((row) => row.name.toLowerCase() === 'drill').map((row) => row.id);
    expect(drills).toEqual([...drills].sort(byText));

    const reversed = await walk('-name');
    expect(reversed.map((row) => row.id)).toEqual(rows.map((row) => row.id).reverse());
  });

  it('orders by inventory number and by status (available, on loan, maintenance, retired)', async () => {
    const byNumber = await walk('inventoryNumber');
    expect(byNumber.map((row) => row.inventoryNumber)).toEqual(['A-1', 'B-1', 'C-1', 'D-0', 'D-1', 'D-2', 'D-3', 'D-4', 'D-9', 'E-1', 'Z-1']);
    const byStatus = await walk('-status');
    expect(new Set(byStatus.map((row) => row.id)).size).toBe(11);
    expect(byStatus.map((row) => row.status)).toEqual(['RETIRED', 'MAINTENANCE', 'LOANED', 'LOANED', 'LOANED', 'AVAILABLE', 'AVAILABLE', 'AVAILABLE', 'AVAILABLE', 'AVAILABLE', 'AVAILABLE']);
  });

  it('orders by creation and last change, newest first by default', async () => {
    const newest = await walk('-createdAt');
    const unsorted = await list('?limit=100');
    expect(unsorted.body.data.map((row: Row) => row.id)).toEqual(newest.map((row) => row.id));
    expect(newest.slice(0, 4).map((row) => row.name).sort()).toEqual(['Caliper', 'Easel', 'drill', 'zither']);
    expect((await walk('createdAt')).map((row) => row.id)).toEqual(newest.map((row) => row.id).reverse());
    expect((await walk('-updatedAt'))[0]!.name).toBe('Bench');
  });

  it('refuses an unknown sort, and a cursor made for another sort, with 400', async () => {
    const unknown = await list('?sort=price');
    expectEnvelope(unknown, 400, 'VALIDATION_ERROR');
    expect(unknown.body.error.details.issues[0]).toMatchObject({ path: 'sort', code: 'invalid_value' });
    const first = await list('?sort=name&limit=2');
    const mixed = await list(`?sort=-createdAt&limit=2&cursor=${encodeURIComponent(first.body.pagination.nextCursor)}`);
    expectEnvelope(mixed, 400, 'VALIDATION_ERROR');
    expect(mixed.body.error.details).toMatchObject({ parameter: 'cursor', reason: 'invalid_cursor' });
  });
});
