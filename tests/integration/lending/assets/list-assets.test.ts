import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';

let tenant: TestTenant;
let token: string;

const list = (query = '') => call('GET', `/api/v1/assets${query}`, { tenant: tenant.slug, token });
const names = (body: { data: { name: string }[] }) => body.data.map((a) => a.name).sort();
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

beforeAll(async () => {
  tenant = await createTenant();
  // The spec's list role is EMPLOYEE; every read here goes through the lowest role that may list.
  token = await tenant.employee.token();
});

describe('GET /api/v1/assets – envelope and keyset paging', () => {
  let ids: string[];

  beforeAll(async () => {
    // One INSERT: every row shares created_at, so paging must rely on the id tie-breaker.
    ids = await insertAssets(tenant, Array.from({ length: 60 }, (_, i) => ({ name: `Paged ${i}` })));
  });

  it('answers the list envelope with the default page size of 25', async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['data', 'pagination']);
    expect(response.body.pagination).toEqual({ limit: 25, total: 60, nextCursor: expect.any(String), hasMore: true });
    expect(response.body.data).toHaveLength(25);
    expect(response.body.data[0]).toMatchObject({ id: expect.any(String), name: expect.stringMatching(/^Paged /), status: 'AVAILABLE' });
    expect(response.body.data[0]).not.toHaveProperty('searchText');
    expect(response.body.data[0]).not.toHaveProperty('organisationId');
    const [stored] = await ownerDb()`select count(*)::int as n from assets where organisation_id = ${tenant.id}`;
    expect(response.body.pagination.total).toBe(stored!.n);
  });

  it('walks every asset exactly once across pages, with a stable total', async () => {
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page++) {
      const response = await list(`?limit=25${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(response.status).toBe(200);
      expect(response.body.pagination.total).toBe(60);
      expect(response.body.pagination.limit).toBe(25);
      sizes.push(response.body.data.length);
      seen.push(...response.body.data.map((a: { id: string }) => a.id));
      cursor = response.body.pagination.nextCursor;
      expect(response.body.pagination.hasMore).toBe(cursor !== null);
      if (!cursor) break;
    }
    expect(sizes).toEqual([25, 25, 10]);
    expect(new Set(seen).size).toBe(60);
    expect([...seen].sort()).toEqual([...ids].sort());
  });

  it('accepts limit 100 and refuses 0, 101 and non-integers with 400 VALIDATION_ERROR', async () => {
    const max = await list('?limit=100');
    expect(max.status).toBe(200);
    expect(max.body.pagination).toMatchObject({ limit: 100, total: 60, nextCursor: null, hasMore: false });
    expect(max.body.data).toHaveLength(60);
    for (const limit of ['101', '0', '-1', '2.5', 'ten']) {
      const response = await list(`?limit=${limit}`);
      expectEnvelope(response, 400, 'VALIDATION_ERROR');
      expect(response.body.error.details.issues[0].path).toBe('limit');
    }
  });

  it('refuses garbage and wrongly shaped cursors with 400', async () => {
    const cursors = [
      'garbage!!',
      encode({ createdAt: '2026-01-01T00:00:00.000Z' }),
      encode(['2026-01-01T00:00:00.000Z']),
      encode(['not-a-date', randomUUID()]),
      encode(['2026-01-01T00:00:00.000Z', 'not-a-uuid']),
      encode(['123']),
      'x'.repeat(513),
    ];
    for (const cursor of cursors) {
      const response = await list(`?cursor=${encodeURIComponent(cursor)}`);
      expectEnvelope(response, 400, 'VALIDATION_ERROR');
      expect(response.body.error.details).toMatchObject({ location: 'query' });
    }
  });
});

describe('GET /api/v1/assets – filters and parameter validation', () => {
  let filterTenant: TestTenant;
  let filterToken: string;
  let otherCategoryId: string;
  let otherLocationId: string;
  const fl = (query: string) => call('GET', `/api/v1/assets${query}`, { tenant: filterTenant.slug, token: filterToken });

  beforeAll(async () => {
    filterTenant = await createTenant();
    filterToken = await filterTenant.manager.token();
    const sql = ownerDb();
    [{ id: otherCategoryId }] = (await sql`insert into categories (organisation_id, name) values (${filterTenant.id}, 'Phones') returning id`) as unknown as [{ id: string }];
    [{ id: otherLocationId }] = (await sql`insert into locations (organisation_id, name) values (${filterTenant.id}, 'Warehouse') returning id`) as unknown as [{ id: string }];
    const [a, , , d] = await insertAssets(filterTenant, [
      { name: 'F-available' },
      { name: 'F-loaned', status: 'LOANED' },
      { name: 'F-owned-loaned', status: 'LOANED', ownerId: filterTenant.employee.id },
      { name: 'F-phone-warehouse', status: 'MAINTENANCE' },
    ]);
    await sql`update assets set category_id = ${otherCategoryId} where id = ${d!}`;
    await sql`update assets set location_id = ${otherLocationId} where id in ${sql([a!, d!])}`;
  });

  it('filters by status, categoryId, locationId and ownerId', async () => {
    const cases: [string, string[]][] = [
      [`?status=LOANED`, ['F-loaned', 'F-owned-loaned']],
      [`?status=RETIRED`, []],
      [`?categoryId=${otherCategoryId}`, ['F-phone-warehouse']],
      [`?categoryId=${filterTenant.categoryId}`, ['F-available', 'F-loaned', 'F-owned-loaned']],
      [`?locationId=${otherLocationId}`, ['F-available', 'F-phone-warehouse']],
      [`?ownerId=${filterTenant.employee.id}`, ['F-owned-loaned']],
    ];
    for (const [query, expected] of cases) {
      const response = await fl(query);
      expect(response.status, query).toBe(200);
      expect(names(response.body), query).toEqual(expected);
      expect(response.body.pagination.total, query).toBe(expected.length);
    }
  });

  it('combines filters with AND', async () => {
    const response = await fl(`?status=LOANED&categoryId=${filterTenant.categoryId}&locationId=${filterTenant.locationId}&ownerId=${filterTenant.employee.id}`);
    expect(response.status).toBe(200);
    expect(names(response.body)).toEqual(['F-owned-loaned']);
    const none = await fl(`?status=AVAILABLE&locationId=${otherLocationId}&categoryId=${otherCategoryId}`);
    expect(none.body).toEqual({ data: [], pagination: { limit: 25, total: 0, nextCursor: null, hasMore: false } });
  });

  it('refuses an unknown status, a bad uuid, an unknown parameter and a repeated parameter with 400', async () => {
    const badStatus = await fl('?status=BROKEN');
    expectEnvelope(badStatus, 400, 'VALIDATION_ERROR');
    expect(badStatus.body.error.details.issues[0].path).toBe('status');
    const badUuid = await fl('?categoryId=not-a-uuid');
    expectEnvelope(badUuid, 400, 'VALIDATION_ERROR');
    expect(badUuid.body.error.details).toMatchObject({ location: 'query', issues: [expect.objectContaining({ path: 'categoryId' })] });
    const unknown = await fl('?colour=red');
    expectEnvelope(unknown, 400, 'VALIDATION_ERROR');
    expect(JSON.stringify(unknown.body.error.details)).toContain('colour');
    const repeated = await fl('?status=AVAILABLE&status=LOANED');
    expectEnvelope(repeated, 400, 'VALIDATION_ERROR');
    expect(repeated.body.error.details).toMatchObject({ location: 'query', parameter: 'status' });
    const blankQ = await fl('?q=%20%20');
    expectEnvelope(blankQ, 400, 'VALIDATION_ERROR');
  });
});

describe('GET /api/v1/assets?q= – search', () => {
  let searchTenant: TestTenant;
  let searchToken: string;
  const search = (q: string, extra = '') =>
    call('GET', `/api/v1/assets?q=${encodeURIComponent(q)}${extra}`, { tenant: searchTenant.slug, token: searchToken });

  beforeAll(async () => {
    searchTenant = await createTenant();
    searchToken = await searchTenant.employee.token();
    await insertAssets(searchTenant, [
      { name: 'ThinkPad X1 Carbon', inventoryNumber: 'LAP-0001', serialNumber: 'PF-3QZ9K1', manufacturer: 'Lenovo', model: 'Gen 11' },
      { name: 'MacBook Pro 14', inventoryNumber: 'LAP-0002', serialNumber: 'C02XY7ZZ', manufacturer: 'Apple', model: 'M3 Pro', status: 'LOANED' },
      { name: 'Latitude 7440', inventoryNumber: 'LAP-0003', serialNumber: 'DL-77AB', manufacturer: 'Dell', model: 'Carbonite' },
      { name: '100% cotton sleeve', inventoryNumber: 'ACC-0001' },
      { name: '1000 cotton sleeves', inventoryNumber: 'ACC-0002' },
      { name: 'cable a_b', inventoryNumber: 'ACC-0003' },
      { name: 'cable axb', inventoryNumber: 'ACC-0004' },
      { name: 'İZMİR Dock', inventoryNumber: 'ACC-0005', manufacturer: 'ÄRZTE GmbH' },
    ]);
  });

  it('matches name, inventory number, serial number, manufacturer and model, case-insensitively', async () => {
    const cases: [string, string[]][] = [
      ['thinkpad', ['ThinkPad X1 Carbon']],
      ['lap-0002', ['MacBook Pro 14']],
      ['pf-3qz9', ['ThinkPad X1 Carbon']],
      ['DELL', ['Latitude 7440']],
      ['m3 PRO', ['MacBook Pro 14']],
      ['carbon', ['Latitude 7440', 'ThinkPad X1 Carbon']],
      ['nothing-matches-this', []],
    ];
    for (const [q, expected] of cases) {
      const response = await search(q);
      expect(response.status, q).toBe(200);
      expect(names(response.body), q).toEqual(expected);
      expect(response.body.pagination.total, q).toBe(expected.length);
    }
  });

  it('folds case the way the stored haystack does, beyond ASCII', async () => {
    // search_text is lower()-ed by PostgreSQL; a term folded differently (JS maps İ to i + U+0307) never matches.
    for (const q of ['İzmir', 'izmir', 'IZMIR', 'ärzte', 'ÄRZTE']) {
      expect(names((await search(q)).body), q).toEqual(['İZMİR Dock']);
    }
  });

  it('requires every word to match, in any field', async () => {
    expect(names((await search('carbon lenovo')).body)).toEqual(['ThinkPad X1 Carbon']);
    expect(names((await search('  LENOVO   gen  ')).body)).toEqual(['ThinkPad X1 Carbon']);
    expect(names((await search('carbon apple')).body)).toEqual([]);
  });

  it('treats % and _ in q as literal characters', async () => {
    expect(names((await search('100%')).body)).toEqual(['100% cotton sleeve']);
    expect(names((await search('a_b')).body)).toEqual(['cable a_b']);
    expect(names((await search('%')).body)).toEqual(['100% cotton sleeve']);
    expect(names((await search('_')).body)).toEqual(['cable a_b']);
    expect(names((await search('\\')).body)).toEqual([]);
  });

  it('combines q with filters and pages through search results', async () => {
    expect(names((await search('lap', '&status=LOANED')).body)).toEqual(['MacBook Pro 14']);
    const first = await search('lap', '&limit=2');
    expect(first.body.pagination).toMatchObject({ limit: 2, total: 3, hasMore: true });
    const second = await search('lap', `&limit=2&cursor=${encodeURIComponent(first.body.pagination.nextCursor)}`);
    expect(second.body.pagination).toMatchObject({ total: 3, hasMore: false, nextCursor: null });
    expect([...names(first.body), ...names(second.body)].sort()).toEqual(['Latitude 7440', 'MacBook Pro 14', 'ThinkPad X1 Carbon']);
  });
});
