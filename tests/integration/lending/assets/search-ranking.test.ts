import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../support/api';
import { createTenant, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';

// The search behind GET /api/v1/assets?q= (lib/lending/assets/search-assets.ts, migrations 0043 and 0044): word prefixes
// through the full-text index, words inside words when few assets match, ranking, and a total that is exact up to
// 10,000 matches and an estimate above.

type Body = { data: { id: string; name: string }[]; pagination: { limit: number; total: number; nextCursor: string | null; hasMore: boolean; totalIsEstimate?: boolean } };

let tenant: TestTenant;
let other: TestTenant;
let token: string;
let otherToken: string;

const search = async (q: string, extra = '', as: { tenant: TestTenant; token: string } = { tenant, token }) => {
  const response = await call('GET', `/api/v1/assets?q=${encodeURIComponent(q)}${extra}`, { tenant: as.tenant.slug, token: as.token });
  expect(response.status, q).toBe(200);
  return response.body as Body;
};
const names = (body: Body) => body.data.map((asset) => asset.name);

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  [token, otherToken] = await Promise.all([tenant.employee.token(), other.employee.token()]);
  await insertAssets(tenant, [
    { name: 'ThinkPad X1 Carbon', manufacturer: 'Lenovo', model: 'Gen 11' },
    { name: 'Latitude 7440', manufacturer: 'Dell', model: 'Carbonite' },
    { name: 'MacBook Pro 14', manufacturer: 'Apple', model: 'M3 Pro' },
    { name: 'Canon EOS R5 Camera', manufacturer: 'Canon', model: 'EOS R5', inventoryNumber: 'CAM-2' },
    { name: 'Canon EOS R50 Camera', manufacturer: 'Canon', model: 'EOS R50', inventoryNumber: 'CAM-3' },
    { name: 'Canon EOS R6 Camera', manufacturer: 'Canon', model: 'EOS R6', inventoryNumber: 'CAM-4' },
    { name: 'Canon EOS 5D Camera', manufacturer: 'Canon', model: 'EOS 5D', inventoryNumber: 'CAM-1' },
  ]);
  await insertAssets(other, [{ name: 'Canon EOS R5 Camera (other tenant)' }, { name: 'Other MacBook Air' }]);
  // More than 10,000 matches in one tenant, in one statement as the owner role: 9,000 "alpha" and 1,050 "beta".
  await ownerDb()`
    insert into assets (organisation_id, name, category_id, location_id, inventory_number)
    select ${tenant.id}, 'Widget ' || case when g <= 9000 then 'alpha' else 'beta' end || ' ' || g, ${tenant.categoryId}, ${tenant.locationId}, 'WID-' || g
    from generate_series(1, 10050) g`;
  await ownerDb().unsafe('analyze assets');
}, 120_000);

describe('GET /api/v1/assets?q= matching', () => {
  it('finds word prefixes and whole words', async () => {
    expect(names(await search('thinkp'))).toEqual(['ThinkPad X1 Carbon']);
    expect(names(await search('macb pro'))).toEqual(['MacBook Pro 14']);
    expect(names(await search('lenovo'))).toEqual(['ThinkPad X1 Carbon']);
  });

  it('still finds a word inside another word (search-as-you-type)', async () => {
    const body = await search('book');
    expect(names(body)).toEqual(['MacBook Pro 14']);
    expect(body.pagination.total).toBe(1);
    expect(names(await search('arbonit'))).toEqual(['Latitude 7440']);
  });

  it('treats "r5" as a word of its own in a three-word query, and as a prefix of "r50"', async () => {
    const body = await search('canon eos r5');
    expect(names(body)).toEqual(['Canon EOS R5 Camera', 'Canon EOS R50 Camera']);
    expect(body.pagination).toEqual({ limit: 25, total: 2, nextCursor: null, hasMore: false });
  });
});

describe('GET /api/v1/assets?q= ranking', () => {
  it('puts whole words before word beginnings before words found inside words', async () => {
    // "carbon" is a whole word of the ThinkPad and begins "Carbonite"; "eos r5" ranks R5 above R50.
    expect(names(await search('carbon'))).toEqual(['ThinkPad X1 Carbon', 'Latitude 7440']);
    // The same holds whatever the sort: rank first, then the sort within a rank.
    expect(names(await search('carbon', '&sort=name'))).toEqual(['ThinkPad X1 Carbon', 'Latitude 7440']);
    expect(names(await search('canon', '&sort=inventoryNumber'))).toEqual(['Canon EOS 5D Camera', 'Canon EOS R5 Camera', 'Canon EOS R50 Camera', 'Canon EOS R6 Camera']);
    expect(names(await search('canon', '&sort=-inventoryNumber'))).toEqual(['Canon EOS R6 Camera', 'Canon EOS R50 Camera', 'Canon EOS R5 Camera', 'Canon EOS 5D Camera']);
    // "r5" is a whole word of the R5 and begins "r50": R5 first even where the sort puts R50 first.
    expect(names(await search('eos r5', '&sort=-inventoryNumber'))).toEqual(['Canon EOS R5 Camera', 'Canon EOS R50 Camera']);
  });

  it('pages through a ranked result one asset at a time without repeating or skipping one', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 5; page++) {
      const body: Body = await search('carbon', `&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(body.pagination.total).toBe(2);
      seen.push(...names(body));
      cursor = body.pagination.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(['ThinkPad X1 Carbon', 'Latitude 7440']);
  });

  it('refuses a ranked cursor for another sort', async () => {
    const first = await search('carbon', '&limit=1');
    const response = await call('GET', `/api/v1/assets?q=carbon&sort=name&cursor=${encodeURIComponent(first.pagination.nextCursor!)}`, { tenant: tenant.slug, token });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
  });
});

describe('GET /api/v1/assets?q= totals', () => {
  it('counts exactly up to 10,000 matches, without totalIsEstimate', async () => {
    const body = await search('widget alpha', '&limit=5');
    expect(body.pagination).toMatchObject({ limit: 5, total: 9000, hasMore: true });
    expect(body.pagination).not.toHaveProperty('totalIsEstimate');
    expect(body.data).toHaveLength(5);
  });

  it('answers an estimate above 10,000 matches, says so, and pages in the sort’s order', async () => {
    const body = await search('widget', '&limit=3&sort=inventoryNumber');
    expect(body.pagination.totalIsEstimate).toBe(true);
    expect(body.pagination.total).toBeGreaterThan(10_000);
    expect(body.pagination.total).toBeLessThan(100_000);
    expect(names(body)).toEqual(['Widget alpha 1', 'Widget alpha 10', 'Widget alpha 100']);
    const next = await search('widget', `&limit=3&sort=inventoryNumber&cursor=${encodeURIComponent(body.pagination.nextCursor!)}`);
    expect(names(next)).toEqual(['Widget alpha 1000', 'Widget beta 10000', 'Widget beta 10001']);
    expect(next.pagination.totalIsEstimate).toBe(true);
  });

  it('counts a filtered search above 10,000 word matches exactly when the filter leaves fewer', async () => {
    const body = await search('widget', '&status=LOANED');
    expect(body.pagination).toEqual({ limit: 25, total: 0, nextCursor: null, hasMore: false });
  });
});

describe('GET /api/v1/assets?q= word prefixes from the tenant’s own words (migration 0045)', () => {
  it('finds an asset created and renamed through the API by the beginnings of its new words', async () => {
    const managerToken = await tenant.manager.token();
    const created = await call('POST', '/api/v1/assets', {
      tenant: tenant.slug,
      token: managerToken,
      json: { name: 'Quasarscope Observer', categoryId: tenant.categoryId, locationId: tenant.locationId, serialNumber: 'QZX-77117', customFields: { ramGb: 8 } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body as { id: string }).id;
    expect(names(await search('quasars'))).toEqual(['Quasarscope Observer']);
    expect(names(await search('qzx-771'))).toEqual(['Quasarscope Observer']);
    const renamed = await call('PATCH', `/api/v1/assets/${id}`, { tenant: tenant.slug, token: managerToken, json: { name: 'Nebulograph Observer' } });
    expect(renamed.status).toBe(200);
    expect(names(await search('nebulog obs'))).toEqual(['Nebulograph Observer']);
    expect((await search('quasars')).pagination.total).toBe(0);
    // The words are the tenant's own: the other tenant's search does not see them.
    expect((await search('nebulog', '', { tenant: other, token: otherToken })).pagination.total).toBe(0);
  });

  it('matches as many assets as a plain prefix match would, when a word begins more than 64 of the tenant’s words', async () => {
    // "wid-100" begins wid-100, wid-1000…wid-1009 and wid-10000…wid-10050 (62 words): expanded; "wid" begins more
    // than 64 (wid, widget, wid-1…): a plain prefix term.
    const [expected] = await ownerDb()`select count(*)::int as n from assets where organisation_id = ${tenant.id} and search_vector @@ to_tsquery('simple', 'wid-100:* & wid:* & 100:*')`;
    expect(expected!.n).toBeGreaterThan(60);
    const body = await search('wid-100');
    expect(body.pagination.total).toBe(expected!.n);
    expect(body.pagination.totalIsEstimate).toBeUndefined();
  });
});

describe('GET /api/v1/assets?q= tenant isolation', () => {
  it('never finds or counts another tenant’s assets', async () => {
    expect(names(await search('canon eos r5', '', { tenant: other, token: otherToken }))).toEqual(['Canon EOS R5 Camera (other tenant)']);
    expect(names(await search('macbook', '', { tenant: other, token: otherToken }))).toEqual(['Other MacBook Air']);
    const widgets = await search('widget', '', { tenant: other, token: otherToken });
    expect(widgets.pagination).toEqual({ limit: 25, total: 0, nextCursor: null, hasMore: false });
    expect(names(await search('other tenant'))).toEqual([]);
  });
});
