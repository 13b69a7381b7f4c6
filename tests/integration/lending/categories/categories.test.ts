import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, ownerDb, type TestTenant } from '../../../support/factories';

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
const storedCategory = async (id: string) => (await ownerDb()`select name, description, custom_fields, organisation_id from categories where id = ${id}`)[0];
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

describe('POST /api/v1/categories', () => {
  it('creates a category: 201 with Location, the Category body, the stored row and CATEGORY_CREATED', async () => {
    const customFields = [
      { key: 'lens_mm', label: 'Focal length', type: 'number', required: true },
      { key: 'mount', label: 'Mount', type: 'select', options: ['EF', 'RF'] },
    ];
    const res = await api('POST', '/api/v1/categories', tokens.manager, { name: '  Cameras ', description: 'Photo gear', customFields });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`/api/v1/categories/${res.body.id}`);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Cameras',
      description: 'Photo gear',
      customFields: [customFields[0], { ...customFields[1], required: false }],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await storedCategory(res.body.id)).toMatchObject({ name: 'Cameras', description: 'Photo gear', organisation_id: tenant.id });

    const audit = await auditOf(res.body.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'CATEGORY_CREATED', actor_user_id: tenant.manager.id, target_type: 'CATEGORY' });
    expect(audit[0]!.changes.name).toEqual({ before: null, after: 'Cameras' });
    expect(audit[0]!.changes.customFields.after).toHaveLength(2);
  });

  it('answers 409 CATEGORY_NAME_CONFLICT for a name that differs only in case, and stores nothing', async () => {
    const res = await api('POST', '/api/v1/categories', tokens.manager, { name: 'LAPTOPS' });
    expectEnvelope(res, 409, 'CATEGORY_NAME_CONFLICT');
    const [row] = await ownerDb()`select count(*)::int as n from categories where organisation_id = ${tenant.id} and lower(name) = 'laptops'`;
    expect(row!.n).toBe(1);
  });

  it.each([
    ['select without options', [{ key: 'os', label: 'OS', type: 'select' }]],
    ['options on a non-select field', [{ key: 'os', label: 'OS', type: 'text', options: ['a'] }]],
    ['duplicate keys', [{ key: 'a', label: 'A', type: 'text' }, { key: 'a', label: 'A2', type: 'number' }]],
    ['a key starting with a digit', [{ key: '1abc', label: 'X', type: 'text' }]],
    ['a key with a space', [{ key: 'has space', label: 'X', type: 'text' }]],
    ['an unknown type', [{ key: 'x', label: 'X', type: 'color' }]],
    ['an unknown property', [{ key: 'x', label: 'X', type: 'text', hidden: true }]],
  ])('rejects custom field definitions with %s: 400, nothing stored', async (_label, customFields) => {
    const name = `Invalid ${randomUUID()}`;
    const res = await api('POST', '/api/v1/categories', tokens.manager, { name, customFields });
    expectEnvelope(res, 400, 'VALIDATION_ERROR');
    expect(res.body.error.details.issues.length).toBeGreaterThan(0);
    expect(await ownerDb()`select id from categories where name = ${name}`).toHaveLength(0);
  });

  it('rejects a missing name and unknown top-level fields with 400', async () => {
    expectEnvelope(await api('POST', '/api/v1/categories', tokens.manager, { description: 'x' }), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('POST', '/api/v1/categories', tokens.manager, { name: 'Extra', organisationId: other.id }), 400, 'VALIDATION_ERROR');
    expect(await ownerDb()`select id from categories where name = 'Extra'`).toHaveLength(0);
  });

  it('refuses an EMPLOYEE with 403 and stores nothing', async () => {
    const res = await api('POST', '/api/v1/categories', tokens.employee, { name: 'Employee made' });
    expectEnvelope(res, 403, 'FORBIDDEN');
    expect(await ownerDb()`select id from categories where name = 'Employee made'`).toHaveLength(0);
  });
});

describe('GET /api/v1/categories', () => {
  it('lets an EMPLOYEE list with the envelope, keyset pages through every row once, and filters by q', async () => {
    const names = ['Paging A', 'Paging B', 'Paging C', 'Paging D', 'Paging E'];
    for (const name of names) expect((await api('POST', '/api/v1/categories', tokens.manager, { name })).status).toBe(201);

    const first = await api('GET', '/api/v1/categories?q=paging&limit=2', tokens.employee);
    expect(first.status).toBe(200);
    expect(first.body.pagination).toEqual({ limit: 2, total: 5, nextCursor: expect.any(String), hasMore: true });
    const seen: string[] = first.body.data.map((c: { name: string }) => c.name);
    let cursor: string | null = first.body.pagination.nextCursor;
    while (cursor) {
      const page = await api('GET', `/api/v1/categories?q=paging&limit=2&cursor=${encodeURIComponent(cursor)}`, tokens.employee);
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((c: { name: string }) => c.name));
      cursor = page.body.pagination.nextCursor;
      if (!cursor) expect(page.body.pagination.hasMore).toBe(false);
    }
    expect(seen).toEqual(names);

    const [all] = await ownerDb()`select count(*)::int as n from categories where organisation_id = ${tenant.id}`;
    const unfiltered = await api('GET', '/api/v1/categories', tokens.employee);
    expect(unfiltered.body.pagination).toMatchObject({ limit: 25, total: all!.n });
  });

  it('treats % and _ in q literally', async () => {
    const res = await api('GET', '/api/v1/categories?q=%25', tokens.employee);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });

  it('answers 400 for a bad cursor, a limit over 100 and an unknown parameter', async () => {
    expectEnvelope(await api('GET', '/api/v1/categories?cursor=not-a-cursor', tokens.employee), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('GET', '/api/v1/categories?limit=101', tokens.employee), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('GET', '/api/v1/categories?sort=name', tokens.employee), 400, 'VALIDATION_ERROR');
  });
});

describe('GET, PATCH, DELETE /api/v1/categories/{id}', () => {
  it('shows the detail to an EMPLOYEE and answers 404 CATEGORY_NOT_FOUND for an unknown id', async () => {
    const res = await api('GET', `/api/v1/categories/${tenant.categoryId}`, tokens.employee);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: tenant.categoryId, name: 'Laptops', description: null });
    expect(res.body.customFields[0]).toEqual({ key: 'ramGb', label: 'RAM (GB)', type: 'number', required: true });

    const missing = randomUUID();
    const notFound = await api('GET', `/api/v1/categories/${missing}`, tokens.employee);
    expectEnvelope(notFound, 404, 'CATEGORY_NOT_FOUND');
    expect(notFound.body.error.details).toEqual({ categoryId: missing, organisationId: tenant.id });
    expectEnvelope(await api('GET', '/api/v1/categories/not-a-uuid', tokens.employee), 400, 'VALIDATION_ERROR');
  });

  it('lets an ASSET_MANAGER patch: 200, stored, CATEGORY_UPDATED with only the changed fields', async () => {
    const { body } = await api('POST', '/api/v1/categories', tokens.manager, { name: 'Projectors', description: 'old' });
    const res = await api('PATCH', `/api/v1/categories/${body.id}`, tokens.manager, { description: 'new', name: 'Projectors' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: body.id, name: 'Projectors', description: 'new' });
    expect(await storedCategory(body.id)).toMatchObject({ description: 'new' });
    const audit = await auditOf(body.id);
    expect(audit.map((a) => a.action)).toEqual(['CATEGORY_CREATED', 'CATEGORY_UPDATED']);
    expect(audit[1]!.changes).toEqual({ description: { before: 'old', after: 'new' } });
  });

  it('answers 409 on renaming to an existing name (any case), 400 for an empty or invalid patch', async () => {
    const { body } = await api('POST', '/api/v1/categories', tokens.manager, { name: 'Tablets' });
    expectEnvelope(await api('PATCH', `/api/v1/categories/${body.id}`, tokens.manager, { name: 'laptops' }), 409, 'CATEGORY_NAME_CONFLICT');
    expectEnvelope(await api('PATCH', `/api/v1/categories/${body.id}`, tokens.manager, {}), 400, 'VALIDATION_ERROR');
    const badFields = [{ key: 'k', label: 'K', type: 'select' }];
    expectEnvelope(await api('PATCH', `/api/v1/categories/${body.id}`, tokens.manager, { customFields: badFields }), 400, 'VALIDATION_ERROR');
    expect(await storedCategory(body.id)).toMatchObject({ name: 'Tablets', custom_fields: [] });
    expect((await auditOf(body.id)).map((a) => a.action)).toEqual(['CATEGORY_CREATED']);
  });

  it('answers CATEGORY_NAME_CONFLICT when a concurrent transaction takes the name between check and write', async () => {
    const { body } = await api('POST', '/api/v1/categories', tokens.manager, { name: 'Racer' });
    const contested = `Contested ${randomUUID()}`;
    const pending = await ownerDb().begin(async (tx) => {
      const [blocker] = await tx`insert into categories (organisation_id, name) values (${tenant.id}, ${contested}) returning pg_backend_pid() as pid`;
      const requests = [
        api('PATCH', `/api/v1/categories/${body.id}`, tokens.manager, { name: contested.toUpperCase() }),
        api('POST', '/api/v1/categories', tokens.manager, { name: contested.toLowerCase() }),
      ];
      await waitForRequestsBlockedBy(blocker!.pid as number, 2);
      return requests;
    });
    const [patch, post] = await Promise.all(pending);
    expectEnvelope(patch!, 409, 'CATEGORY_NAME_CONFLICT');
    expectEnvelope(post!, 409, 'CATEGORY_NAME_CONFLICT');
    expect(await storedCategory(body.id)).toMatchObject({ name: 'Racer' });
  });

  it('refuses PATCH by an EMPLOYEE and DELETE by an ASSET_MANAGER with 403', async () => {
    expectEnvelope(await api('PATCH', `/api/v1/categories/${tenant.categoryId}`, tokens.employee, { name: 'X' }), 403, 'FORBIDDEN');
    expectEnvelope(await api('DELETE', `/api/v1/categories/${tenant.categoryId}`, tokens.manager), 403, 'FORBIDDEN');
    expect(await storedCategory(tenant.categoryId)).toMatchObject({ name: 'Laptops' });
  });

  it('answers 409 CATEGORY_IN_USE with assetCount for a referenced category and keeps it', async () => {
    const { body } = await api('POST', '/api/v1/categories', tokens.manager, { name: 'Referenced' });
    await ownerDb()`insert into assets (organisation_id, name, category_id, location_id, inventory_number)
      select ${tenant.id}, 'Ref ' || g, ${body.id}, ${tenant.locationId}, 'REF-' || g || '-' || ${randomUUID()} from generate_series(1, 2) g`;
    const res = await api('DELETE', `/api/v1/categories/${body.id}`, tokens.admin);
    expectEnvelope(res, 409, 'CATEGORY_IN_USE');
    expect(res.body.error.details).toEqual({ categoryId: body.id, assetCount: 2 });
    expect(await storedCategory(body.id)).toBeDefined();
    expect((await auditOf(body.id)).map((a) => a.action)).toEqual(['CATEGORY_CREATED']);
  });

  it('lets an ADMIN delete an unreferenced category: 204, gone, CATEGORY_DELETED; then 404', async () => {
    const { body } = await api('POST', '/api/v1/categories', tokens.manager, { name: 'Disposable' });
    const res = await api('DELETE', `/api/v1/categories/${body.id}`, tokens.admin);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await storedCategory(body.id)).toBeUndefined();
    const audit = await auditOf(body.id);
    expect(audit.map((a) => a.action)).toEqual(['CATEGORY_CREATED', 'CATEGORY_DELETED']);
    expect(audit[1]).toMatchObject({ actor_user_id: tenant.admin.id, changes: { name: { before: 'Disposable', after: null } } });
    expectEnvelope(await api('DELETE', `/api/v1/categories/${body.id}`, tokens.admin), 404, 'CATEGORY_NOT_FOUND');
  });

  it('answers 405 to PUT on the collection and the item', async () => {
    const item = await api('PUT', `/api/v1/categories/${tenant.categoryId}`, tokens.admin, { name: 'Put' });
    expectEnvelope(item, 405, 'METHOD_NOT_ALLOWED');
    expect(item.headers.allow).toBe('GET, PATCH, DELETE');
    expectEnvelope(await api('PUT', '/api/v1/categories', tokens.admin, { name: 'Put' }), 405, 'METHOD_NOT_ALLOWED');
    expect(await storedCategory(tenant.categoryId)).toMatchObject({ name: 'Laptops' });
  });
});

describe('tenant isolation of categories', () => {
  it('answers 404 to another tenant on GET, PATCH and DELETE of this tenant’s category and changes nothing', async () => {
    const { body } = await api('POST', '/api/v1/categories', tokens.manager, { name: 'Secret A category' });
    const path = `/api/v1/categories/${body.id}`;
    const attempts: [string, unknown][] = [['GET', undefined], ['PATCH', { name: 'Hijacked' }], ['DELETE', undefined]];
    for (const [method, json] of attempts) {
      const res = await api(method, path, tokens.otherAdmin, json, other.slug);
      expectEnvelope(res, 404, 'CATEGORY_NOT_FOUND');
      expect(res.body.error.details.organisationId).toBe(other.id);
    }
    expect(await storedCategory(body.id)).toMatchObject({ name: 'Secret A category', organisation_id: tenant.id });
  });

  it('never lists or finds another tenant’s rows', async () => {
    const list = await api('GET', '/api/v1/categories?limit=100', tokens.otherAdmin, undefined, other.slug);
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { id: string }) => c.id)).toEqual([other.categoryId]);
    const search = await api('GET', '/api/v1/categories?q=Secret', tokens.otherAdmin, undefined, other.slug);
    expect(search.body).toEqual({ data: [], pagination: { limit: 25, total: 0, nextCursor: null, hasMore: false } });
  });

  it('rejects a token of one tenant at another tenant’s address with 401', async () => {
    expectEnvelope(await api('GET', '/api/v1/categories', tokens.admin, undefined, other.slug), 401, 'UNAUTHENTICATED');
  });
});
