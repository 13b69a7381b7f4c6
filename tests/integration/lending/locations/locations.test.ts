import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';

let tenant: TestTenant;
let other: TestTenant;
const tokens = { admin: '', manager: '', employee: '', otherAdmin: '' };

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  [tokens.admin, tokens.manager, tokens.employee, tokens.otherAdmin] = await Promise.all([
    tenant.admin.token(),
    tenant.manager.token(),
    tenant.employee.token(),
    other.admin.token(),
  ]);
});

const api = (method: string, path: string, token: string, json?: unknown, slug = tenant.slug) => call(method, path, { tenant: slug, token, json });
const storedLocation = async (id: string) => (await ownerDb()`select name, description, address, organisation_id from locations where id = ${id}`)[0];
/** Until `n` backends wait for the lock held by `blocker`: the requests are parked behind the test's transaction. */
async function waitForRequestsBlockedBy(blocker: number, n: number): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    const [row] = await ownerDb()`select count(*)::int as n from pg_stat_activity where ${blocker} = any(pg_blocking_pids(pid))`;
    if (row!.n >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Fewer than ${n} requests reached the lock`);
}
const auditOf = (id: string) => ownerDb()`select action, actor_user_id, target_type, changes from audit_log where target_id = ${id} order by id`;

describe('POST /api/v1/locations', () => {
  it('creates a location: 201 with Location, the body, the stored row and LOCATION_CREATED', async () => {
    const res = await api('POST', '/api/v1/locations', tokens.manager, { name: ' Warehouse 7 ', description: 'Cold store', address: 'Dock Road 1' });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`/api/v1/locations/${res.body.id}`);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Warehouse 7',
      description: 'Cold store',
      address: 'Dock Road 1',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await storedLocation(res.body.id)).toEqual({ name: 'Warehouse 7', description: 'Cold store', address: 'Dock Road 1', organisation_id: tenant.id });
    const audit = await auditOf(res.body.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'LOCATION_CREATED', actor_user_id: tenant.manager.id, target_type: 'LOCATION' });
    expect(audit[0]!.changes).toEqual({
      name: { before: null, after: 'Warehouse 7' },
      description: { before: null, after: 'Cold store' },
      address: { before: null, after: 'Dock Road 1' },
    });
  });

  it('answers 409 LOCATION_NAME_CONFLICT for a name that differs only in case, and stores nothing', async () => {
    expectEnvelope(await api('POST', '/api/v1/locations', tokens.manager, { name: 'HEAD OFFICE' }), 409, 'LOCATION_NAME_CONFLICT');
    const [row] = await ownerDb()`select count(*)::int as n from locations where organisation_id = ${tenant.id} and lower(name) = 'head office'`;
    expect(row!.n).toBe(1);
  });

  it('rejects an empty name, an over-long address and unknown fields with 400', async () => {
    expectEnvelope(await api('POST', '/api/v1/locations', tokens.manager, { name: '   ' }), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('POST', '/api/v1/locations', tokens.manager, { name: 'Long', address: 'x'.repeat(501) }), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('POST', '/api/v1/locations', tokens.manager, { name: 'Extra', floor: 3 }), 400, 'VALIDATION_ERROR');
    expect(await ownerDb()`select id from locations where name in ('Long', 'Extra')`).toHaveLength(0);
  });

  it('refuses an EMPLOYEE with 403 and stores nothing', async () => {
    expectEnvelope(await api('POST', '/api/v1/locations', tokens.employee, { name: 'Employee made' }), 403, 'FORBIDDEN');
    expect(await ownerDb()`select id from locations where name = 'Employee made'`).toHaveLength(0);
  });
});

describe('GET /api/v1/locations', () => {
  it('lets an EMPLOYEE list with the envelope, keyset pages through every row once, and filters by q', async () => {
    const names = ['Site 1', 'Site 2', 'Site 3'];
    for (const name of names) expect((await api('POST', '/api/v1/locations', tokens.manager, { name })).status).toBe(201);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `q=SITE&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await api('GET', `/api/v1/locations?${query}`, tokens.employee);
      expect(page.status).toBe(200);
      expect(page.body.pagination).toMatchObject({ limit: 1, total: 3 });
      expect(page.body.pagination.hasMore).toBe(page.body.pagination.nextCursor !== null);
      seen.push(...page.body.data.map((l: { name: string }) => l.name));
      cursor = page.body.pagination.nextCursor;
      pages += 1;
    } while (cursor);
    expect(seen).toEqual(names);
    expect(pages).toBe(3);

    const [all] = await ownerDb()`select count(*)::int as n from locations where organisation_id = ${tenant.id}`;
    expect((await api('GET', '/api/v1/locations', tokens.employee)).body.pagination).toMatchObject({ limit: 25, total: all!.n });
  });

  it('answers 400 for a bad cursor and a limit of 0', async () => {
    expectEnvelope(await api('GET', '/api/v1/locations?cursor=WyJ4Il0', tokens.employee), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('GET', '/api/v1/locations?limit=0', tokens.employee), 400, 'VALIDATION_ERROR');
  });
});

describe('GET, PATCH, DELETE /api/v1/locations/{id}', () => {
  it('shows the detail to an EMPLOYEE and answers 404 LOCATION_NOT_FOUND for an unknown id', async () => {
    const res = await api('GET', `/api/v1/locations/${tenant.locationId}`, tokens.employee);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: tenant.locationId, name: 'Head office', description: null, address: null });
    const missing = randomUUID();
    const notFound = await api('GET', `/api/v1/locations/${missing}`, tokens.employee);
    expectEnvelope(notFound, 404, 'LOCATION_NOT_FOUND');
    expect(notFound.body.error.details).toEqual({ locationId: missing, organisationId: tenant.id });
  });

  it('lets an ASSET_MANAGER patch: 200, stored, LOCATION_UPDATED with before/after of changed fields', async () => {
    const { body } = await api('POST', '/api/v1/locations', tokens.manager, { name: 'Lab', address: 'Old Street 1' });
    const res = await api('PATCH', `/api/v1/locations/${body.id}`, tokens.manager, { address: 'New Street 2', description: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: body.id, name: 'Lab', address: 'New Street 2', description: null });
    expect(await storedLocation(body.id)).toMatchObject({ address: 'New Street 2' });
    const audit = await auditOf(body.id);
    expect(audit.map((a) => a.action)).toEqual(['LOCATION_CREATED', 'LOCATION_UPDATED']);
    expect(audit[1]!.changes).toEqual({ address: { before: 'Old Street 1', after: 'New Street 2' } });
  });

  it('answers 409 on renaming to an existing name and 400 for an empty patch, changing nothing', async () => {
    const { body } = await api('POST', '/api/v1/locations', tokens.manager, { name: 'Annex' });
    expectEnvelope(await api('PATCH', `/api/v1/locations/${body.id}`, tokens.manager, { name: 'head office' }), 409, 'LOCATION_NAME_CONFLICT');
    expectEnvelope(await api('PATCH', `/api/v1/locations/${body.id}`, tokens.manager, {}), 400, 'VALIDATION_ERROR');
    expect(await storedLocation(body.id)).toMatchObject({ name: 'Annex' });
    expect((await auditOf(body.id)).map((a) => a.action)).toEqual(['LOCATION_CREATED']);
  });

  it('answers LOCATION_NAME_CONFLICT when a concurrent transaction takes the name between check and write', async () => {
    const { body } = await api('POST', '/api/v1/locations', tokens.manager, { name: 'Racer' });
    const contested = `Contested ${randomUUID()}`;
    const pending = await ownerDb().begin(async (tx) => {
      const [blocker] = await tx`insert into locations (organisation_id, name) values (${tenant.id}, ${contested}) returning pg_backend_pid() as pid`;
      const requests = [
        api('PATCH', `/api/v1/locations/${body.id}`, tokens.manager, { name: contested.toUpperCase() }),
        api('POST', '/api/v1/locations', tokens.manager, { name: contested.toLowerCase() }),
      ];
      await waitForRequestsBlockedBy(blocker!.pid as number, 2);
      return requests;
    });
    const [patch, post] = await Promise.all(pending);
    expectEnvelope(patch!, 409, 'LOCATION_NAME_CONFLICT');
    expectEnvelope(post!, 409, 'LOCATION_NAME_CONFLICT');
    expect(await storedLocation(body.id)).toMatchObject({ name: 'Racer' });
  });

  it('refuses PATCH by an EMPLOYEE and DELETE by an ASSET_MANAGER with 403', async () => {
    expectEnvelope(await api('PATCH', `/api/v1/locations/${tenant.locationId}`, tokens.employee, { name: 'X' }), 403, 'FORBIDDEN');
    expectEnvelope(await api('DELETE', `/api/v1/locations/${tenant.locationId}`, tokens.manager), 403, 'FORBIDDEN');
    expect(await storedLocation(tenant.locationId)).toMatchObject({ name: 'Head office' });
  });

  it('answers 409 LOCATION_IN_USE with assetCount for a referenced location and keeps it', async () => {
    await insertAssets(tenant, [{}, {}, {}]);
    const [used] = await ownerDb()`select count(*)::int as n from assets where location_id = ${tenant.locationId}`;
    const res = await api('DELETE', `/api/v1/locations/${tenant.locationId}`, tokens.admin);
    expectEnvelope(res, 409, 'LOCATION_IN_USE');
    expect(res.body.error.details).toEqual({ locationId: tenant.locationId, assetCount: used!.n });
    expect(await storedLocation(tenant.locationId)).toBeDefined();
    expect(await auditOf(tenant.locationId)).toHaveLength(0);
  });

  it('lets an ADMIN delete an unreferenced location: 204, gone, LOCATION_DELETED; then 404', async () => {
    const { body } = await api('POST', '/api/v1/locations', tokens.manager, { name: 'Pop-up store', address: 'Fair 3' });
    const res = await api('DELETE', `/api/v1/locations/${body.id}`, tokens.admin);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await storedLocation(body.id)).toBeUndefined();
    const audit = await auditOf(body.id);
    expect(audit.map((a) => a.action)).toEqual(['LOCATION_CREATED', 'LOCATION_DELETED']);
    expect(audit[1]).toMatchObject({
      actor_user_id: tenant.admin.id,
      changes: { name: { before: 'Pop-up store', after: null }, address: { before: 'Fair 3', after: null } },
    });
    expectEnvelope(await api('GET', `/api/v1/locations/${body.id}`, tokens.admin), 404, 'LOCATION_NOT_FOUND');
  });

  it('answers 405 to PUT on the collection and the item', async () => {
    const item = await api('PUT', `/api/v1/locations/${tenant.locationId}`, tokens.admin, { name: 'Put' });
    expectEnvelope(item, 405, 'METHOD_NOT_ALLOWED');
    expect(item.headers.allow).toBe('GET, PATCH, DELETE');
    expectEnvelope(await api('PUT', '/api/v1/locations', tokens.admin, { name: 'Put' }), 405, 'METHOD_NOT_ALLOWED');
    expect(await storedLocation(tenant.locationId)).toMatchObject({ name: 'Head office' });
  });

  // Spec 000 (Limits): every response carries X-RateLimit-*, a 405 included.
  it('a 405 carries the X-RateLimit-* headers', async () => {
    const res = await api('PUT', `/api/v1/locations/${tenant.locationId}`, tokens.admin, { name: 'Put' });
    expect(res.status).toBe(405);
    expect(res.headers['x-ratelimit-limit']).toBeDefined();
  });
});

describe('tenant isolation of locations', () => {
  it('answers 404 to another tenant on GET, PATCH and DELETE of this tenant’s location and changes nothing', async () => {
    const { body } = await api('POST', '/api/v1/locations', tokens.manager, { name: 'Secret A vault' });
    const attempts: [string, unknown][] = [['GET', undefined], ['PATCH', { name: 'Hijacked' }], ['DELETE', undefined]];
    for (const [method, json] of attempts) {
      const res = await api(method, `/api/v1/locations/${body.id}`, tokens.otherAdmin, json, other.slug);
      expectEnvelope(res, 404, 'LOCATION_NOT_FOUND');
      expect(res.body.error.details.organisationId).toBe(other.id);
    }
    expect(await storedLocation(body.id)).toMatchObject({ name: 'Secret A vault', organisation_id: tenant.id });
    expect((await auditOf(body.id)).map((a) => a.action)).toEqual(['LOCATION_CREATED']);
  });

  it('never lists or finds another tenant’s rows', async () => {
    const list = await api('GET', '/api/v1/locations?limit=100', tokens.otherAdmin, undefined, other.slug);
    expect(list.status).toBe(200);
    expect(list.body.data.map((l: { id: string }) => l.id)).toEqual([other.locationId]);
    const search = await api('GET', '/api/v1/locations?q=vault', tokens.otherAdmin, undefined, other.slug);
    expect(search.body).toEqual({ data: [], pagination: { limit: 25, total: 0, nextCursor: null, hasMore: false } });
  });
});
