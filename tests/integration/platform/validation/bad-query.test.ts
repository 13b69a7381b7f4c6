import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, insertAssets, type TestTenant } from '../../../support/factories';
import { expectNothingStored, expectValidationIssues } from './stored-state';

let tenant: TestTenant;
let other: TestTenant;
let token: string;
let assetId: string;

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  token = await tenant.admin.token();
  assetId = (await insertAssets(tenant, [{ name: 'Asset one' }, { name: 'Asset two' }]))[0]!;
});

const get = (path: string) => call('GET', path, { tenant: tenant.slug, token });
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

const lists = [
  { label: 'assets', path: () => '/api/v1/assets' },
  { label: 'categories', path: () => '/api/v1/categories' },
  { label: 'locations', path: () => '/api/v1/locations' },
  { label: 'users', path: () => '/api/v1/users' },
  { label: 'audit log', path: () => '/api/v1/audit-log' },
  { label: 'asset audit log', path: () => `/api/v1/assets/${assetId}/audit-log` },
];

describe.each(lists)('GET $label: pagination and unknown parameters', ({ path }) => {
  it.each(['0', '101', '-1', 'abc', '1.5', '', '1e3'])('limit=%j is a 400 naming limit', async (limit) => {
    expectValidationIssues(await get(`${path()}?limit=${encodeURIComponent(limit)}`), 'query', ['limit']);
  });

  it('limit 1 and 100 are accepted (controls), with the default of 25 otherwise', async () => {
    const [one, hundred, byDefault] = await Promise.all([get(`${path()}?limit=1`), get(`${path()}?limit=100`), get(path())]);
    expect([one.status, hundred.status, byDefault.status]).toEqual([200, 200, 200]);
    expect([one.body.pagination.limit, hundred.body.pagination.limit, byDefault.body.pagination.limit]).toEqual([1, 100, 25]);
  });

  it.each([
    ['not base64 JSON', 'not-a-cursor'],
    ['base64 of an object', cursorOf({ createdAt: '2024-01-01T00:00:00Z' })],
    ['base64 of a wrongly typed tuple', cursorOf([42, 'not-a-uuid'])],
    ['base64 of garbage bytes', 'AAAA____'],
  ])('a bad cursor (%s) is a 400 naming the cursor', async (_name, cursor) => {
    const response = await get(`${path()}?cursor=${cursor}`);
    expectEnvelope(response, 400, 'VALIDATION_ERROR');
    expect(response.body.error.details).toMatchObject({ location: 'query', parameter: 'cursor', reason: 'invalid_cursor', issues: [{ path: 'cursor', code: 'invalid_cursor' }] });
  });

  it('an overlong cursor is a 400', async () => {
    expectValidationIssues(await get(`${path()}?cursor=${'A'.repeat(600)}`), 'query', ['cursor']);
  });

  it.each(['foo=1', 'order=name', `organisationId=${randomUUID()}`, 'offset=10', 'LIMIT=5'])('an unknown parameter (%s) is a 400', async (query) => {
    const [issue] = expectValidationIssues(await get(`${path()}?${query}`), 'query', ['']);
    expect(issue!.code).toBe('unrecognized_keys');
  });

  it('a repeated parameter is a 400 naming it', async () => {
    const response = await get(`${path()}?limit=1&limit=2`);
    expectEnvelope(response, 400, 'VALIDATION_ERROR');
    expect(response.body.error.details).toMatchObject({ location: 'query', parameter: 'limit', reason: 'repeated', issues: [{ path: 'limit', code: 'repeated' }] });
  });
});

describe('cursors whose values only the database would refuse', () => {
  it('a timestamp cursor in year 0000 is a 400, not a 500', async () => {
    expectEnvelope(await get(`/api/v1/assets?cursor=${cursorOf(['0000-01-01T00:00:00Z', randomUUID()])}`), 400, 'VALIDATION_ERROR');
  });

  it('an audit cursor beyond bigint range is a 400, not a 500', async () => {
    expectEnvelope(await get(`/api/v1/audit-log?cursor=${cursorOf(['9999999999999999999'])}`), 400, 'VALIDATION_ERROR');
  });

  it('a real cursor pages on (control)', async () => {
    const first = await get('/api/v1/assets?limit=1');
    expect(first.body.pagination).toMatchObject({ limit: 1, total: 2, hasMore: true });
    const second = await get(`/api/v1/assets?limit=1&cursor=${first.body.pagination.nextCursor}`);
    expect(second.status).toBe(200);
    expect(second.body.data).toHaveLength(1);
    expect(second.body.data[0].id).not.toBe(first.body.data[0].id);
    expect(second.body.pagination).toMatchObject({ hasMore: false, nextCursor: null });
  });
});

describe('bad filter values', () => {
  it.each([
    ['/api/v1/assets?categoryId=abc', 'categoryId'],
    ['/api/v1/assets?locationId=123', 'locationId'],
    [`/api/v1/assets?ownerId=${encodeURIComponent("' OR 1=1 --")}`, 'ownerId'],
    ['/api/v1/assets?status=BROKEN', 'status'],
    ['/api/v1/assets?status=available', 'status'],
    [`/api/v1/assets?q=${'x'.repeat(201)}`, 'q'],
    ['/api/v1/users?role=GOD', 'role'],
    ['/api/v1/users?isActive=yes', 'isActive'],
    ['/api/v1/audit-log?actorUserId=abc', 'actorUserId'],
    ['/api/v1/audit-log?from=yesterday', 'from'],
    ['/api/v1/audit-log?action=asset_created', 'action'],
  ])('%s is a 400 naming %s', async (path, parameter) => {
    expectValidationIssues(await get(path), 'query', [parameter]);
  });

  it("a filter on another tenant's category is answered with this tenant's data only (an empty page)", async () => {
    const response = await get(`/api/v1/assets?categoryId=${other.categoryId}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: [], pagination: { limit: 25, total: 0, nextCursor: null, hasMore: false } });
  });

  // U+0000 cannot be stored by PostgreSQL (SQLSTATE 22021); it is refused while parsing the query.
  it.each([
    ['/api/v1/assets?q=a%00b', 'q'],
    ['/api/v1/categories?q=a%00b', 'q'],
    ['/api/v1/users?q=a%00b', 'q'],
    ['/api/v1/persons?q=a%00b', 'q'],
    ['/api/v1/audit-log?targetId=a%00b', 'targetId'],
  ])('a NUL character in %s is a 400, not a 500', async (path, parameter) => {
    expectValidationIssues(await get(path), 'query', [parameter]);
  });
});

const items = [
  { label: 'asset', path: (id: string) => `/api/v1/assets/${id}`, methods: ['GET', 'PATCH', 'DELETE'], body: { name: 'x' }, code: 'ASSET_NOT_FOUND' },
  { label: 'category', path: (id: string) => `/api/v1/categories/${id}`, methods: ['GET', 'PATCH', 'DELETE'], body: { name: 'x' }, code: 'CATEGORY_NOT_FOUND' },
  { label: 'location', path: (id: string) => `/api/v1/locations/${id}`, methods: ['GET', 'PATCH', 'DELETE'], body: { name: 'x' }, code: 'LOCATION_NOT_FOUND' },
  { label: 'user', path: (id: string) => `/api/v1/users/${id}`, methods: ['GET', 'PATCH'], body: { role: 'ADMIN' }, code: 'USER_NOT_FOUND' },
  { label: 'person', path: (id: string) => `/api/v1/persons/${id}`, methods: ['GET', 'PATCH'], body: { language: 'en' }, code: 'PERSON_NOT_FOUND' },
  { label: 'asset audit log', path: (id: string) => `/api/v1/assets/${id}/audit-log`, methods: ['GET'], body: null, code: 'ASSET_NOT_FOUND' },
];
const badIds = ['not-a-uuid', '123', encodeURIComponent("1' OR '1'='1"), 'x'.repeat(2_000), `{${randomUUID()}}`, `${randomUUID()}0`];

describe.each(items)('$label: identifiers in the path', ({ path, methods, body, code }) => {
  const cases = methods.flatMap((method) => badIds.map((id) => [method, id] as const));

  it.each(cases)('%s with a malformed id is a 400 naming the id, and changes nothing', async (method, id) => {
    const response = await expectNothingStored(tenant.id, () =>
      call(method, path(id), { tenant: tenant.slug, token, ...(method === 'PATCH' && body ? { json: body } : {}) }),
    );
    expectValidationIssues(response, 'path', ['id']);
  });

  it.each(methods)('%s with a well-formed id that does not exist is a 404 with the resource code', async (method) => {
    const id = randomUUID();
    const response = await expectNothingStored(tenant.id, () =>
      call(method, path(id), { tenant: tenant.slug, token, ...(method === 'PATCH' && body ? { json: body } : {}) }),
    );
    expectEnvelope(response, 404, code);
    expect(response.body.error.details).toMatchObject({ organisationId: tenant.id });
  });
});
