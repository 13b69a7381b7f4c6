import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiResponse, call, expectEnvelope } from '../../../support/api';
import { createTenant, ownerDb, type TestTenant } from '../../../support/factories';

type Entry = { id: string; occurredAt: string; actor: { type: string; userId: string | null }; action: string; target: { type: string; id: string }; requestId: string | null };

let tenant: TestTenant;
let other: TestTenant;
let adminToken: string;
let categoryCreate: ApiResponse;
let categoryPatch: ApiResponse;
let locationCreate: ApiResponse;
let rolePatch: ApiResponse;

const api = (path: string, token = adminToken, slug = tenant.slug) => call('GET', path, { tenant: slug, token });
const entries = (res: ApiResponse) => res.body.data as Entry[];

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  adminToken = await tenant.admin.token();
  const managerToken = await tenant.manager.token();
  const write = (method: string, path: string, token: string, json: unknown) => call(method, path, { tenant: tenant.slug, token, json });
  categoryCreate = await write('POST', '/api/v1/categories', managerToken, { name: 'Audited' });
  categoryPatch = await write('PATCH', `/api/v1/categories/${categoryCreate.body.id}`, adminToken, { description: 'now described' });
  locationCreate = await write('POST', '/api/v1/locations', managerToken, { name: 'Audited place' });
  rolePatch = await write('PATCH', `/api/v1/users/${tenant.employee.id}`, adminToken, { role: 'ASSET_MANAGER' });
  for (const res of [categoryCreate, categoryPatch, locationCreate, rolePatch]) expect(res.status).toBeLessThan(300);
  // Entries at fixed instants (the owner may insert; only UPDATE and DELETE are refused) for the period filters.
  await ownerDb()`insert into audit_log (organisation_id, occurred_at, actor_type, action, target_type, target_id)
    values (${tenant.id}, '2020-01-01T00:00:00Z', 'SYSTEM', 'RETENTION_RUN_STARTED', 'TEST', 'jan'),
           (${tenant.id}, '2020-06-01T00:00:00Z', 'SYSTEM', 'RETENTION_RUN_STARTED', 'TEST', 'jun'),
           (${tenant.id}, '2021-01-01T00:00:00Z', 'SYSTEM', 'RETENTION_RUN_STARTED', 'TEST', 'next-jan')`;
});

describe('GET /api/v1/audit-log', () => {
  it('is ADMIN only', async () => {
    expectEnvelope(await api('/api/v1/audit-log', await tenant.employee.token()), 403, 'FORBIDDEN');
    expectEnvelope(await api('/api/v1/audit-log', await tenant.manager.token()), 403, 'FORBIDDEN');
  });

  it('returns entries with actor, action, target, changes and the requestId of the request that made them', async () => {
    const res = await api(`/api/v1/audit-log?targetId=${categoryCreate.body.id}`);
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ limit: 25, total: 2, nextCursor: null, hasMore: false });
    const [updated, created] = entries(res);
    expect(created).toEqual({
      id: expect.stringMatching(/^\d+$/),
      occurredAt: expect.any(String),
      actor: { type: 'USER', userId: tenant.manager.id },
      action: 'CATEGORY_CREATED',
      target: { type: 'CATEGORY', id: categoryCreate.body.id },
      assetId: null,
      changes: { name: { before: null, after: 'Audited' }, customFields: { before: null, after: [] } },
      metadata: {},
      requestId: categoryCreate.headers['x-request-id'],
    });
    expect(updated).toMatchObject({
      actor: { type: 'USER', userId: tenant.admin.id },
      action: 'CATEGORY_UPDATED',
      changes: { description: { before: null, after: 'now described' } },
      requestId: categoryPatch.headers['x-request-id'],
    });
    expect(BigInt(updated!.id)).toBeGreaterThan(BigInt(created!.id));
  });

  it('filters by actorUserId, action and targetType', async () => {
    const byManager = entries(await api(`/api/v1/audit-log?actorUserId=${tenant.manager.id}`));
    expect(byManager.map((e) => e.action)).toEqual(['LOCATION_CREATED', 'CATEGORY_CREATED']);
    expect(byManager.every((e) => e.actor.userId === tenant.manager.id)).toBe(true);

    const roleChanges = entries(await api('/api/v1/audit-log?action=USER_ROLE_CHANGED'));
    expect(roleChanges).toHaveLength(1);
    expect(roleChanges[0]).toMatchObject({
      target: { type: 'USER', id: tenant.employee.id },
      changes: { role: { before: 'EMPLOYEE', after: 'ASSET_MANAGER' } },
      requestId: rolePatch.headers['x-request-id'],
    });

    const locations = entries(await api('/api/v1/audit-log?targetType=LOCATION'));
    expect(locations.map((e) => [e.action, e.target.id])).toEqual([['LOCATION_CREATED', locationCreate.body.id]]);

    const combined = await api(`/api/v1/audit-log?actorUserId=${tenant.admin.id}&targetType=CATEGORY`);
    expect(entries(combined).map((e) => e.action)).toEqual(['CATEGORY_UPDATED']);
    expect(combined.body.pagination.total).toBe(1);
  });

  it('filters by period: from is inclusive, to is exclusive', async () => {
    const period = (query: string) => api(`/api/v1/audit-log?action=RETENTION_RUN_STARTED&${query}`).then((r) => entries(r).map((e) => e.target.id));
    expect(await period('')).toEqual(['next-jan', 'jun', 'jan']);
    expect(await period('from=2020-06-01T00:00:00Z')).toEqual(['next-jan', 'jun']);
    expect(await period('to=2020-06-01T00:00:00Z')).toEqual(['jan']);
    expect(await period('from=2020-03-01T00:00:00%2B02:00&to=2021-01-01T00:00:00Z')).toEqual(['jun']);
  });

  it('pages newest first with an opaque cursor, each entry once', async () => {
    const [{ n }] = (await ownerDb()`select count(*)::int as n from audit_log where organisation_id = ${tenant.id}`) as unknown as [{ n: number }];
    const seen: Entry[] = [];
    let cursor: string | null = null;
    do {
      const res: ApiResponse = await api(`/api/v1/audit-log?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.pagination).toMatchObject({ limit: 2, total: n });
      seen.push(...entries(res));
      cursor = res.body.pagination.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(n);
    const ids = seen.map((e) => BigInt(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
    expect(new Set(ids).size).toBe(n);
  });

  it('filters by every action name the log holds, the lower-case anonymize_person of spec 001 included', async () => {
    const [erased] = await ownerDb()`insert into audit_log (organisation_id, actor_type, action, target_type, target_id, metadata)
      values (${tenant.id}, 'SYSTEM', 'anonymize_person', 'person', ${randomUUID()}, ${ownerDb().json({ scope: 'full' })}) returning id`;
    const res = await api('/api/v1/audit-log?action=anonymize_person');
    expect(res.status).toBe(200);
    expect(entries(res).map((e) => [e.id, e.action, e.target.type])).toEqual([[String(erased!.id), 'anonymize_person', 'person']]);
    const byTarget = await api('/api/v1/audit-log?targetType=person');
    expect(entries(byTarget).map((e) => e.id)).toContain(String(erased!.id));
    expectEnvelope(await api('/api/v1/audit-log?action=ANONYMIZE_PERSON'), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('/api/v1/audit-log?action=NOT_AN_ACTION'), 400, 'VALIDATION_ERROR');
  });

  it('answers 400 for invalid filters and cursors', async () => {
    for (const query of ['actorUserId=nobody', 'action=user_role_changed', 'from=yesterday', 'to=2020-01-01', 'cursor=abc', 'limit=500', 'actor=x']) {
      expectEnvelope(await api(`/api/v1/audit-log?${query}`), 400, 'VALIDATION_ERROR');
    }
  });

  it('never shows another tenant’s entries', async () => {
    const otherToken = await other.admin.token();
    const list = entries(await api('/api/v1/audit-log?limit=100', otherToken, other.slug));
    expect(list.some((e) => e.actor.userId === tenant.manager.id || e.target.id === categoryCreate.body.id)).toBe(false);
    const targeted = await api(`/api/v1/audit-log?targetId=${categoryCreate.body.id}`, otherToken, other.slug);
    expect(targeted.body).toEqual({ data: [], pagination: { limit: 25, total: 0, nextCursor: null, hasMore: false } });
    expect(entries(await api(`/api/v1/audit-log?actorUserId=${tenant.admin.id}`, otherToken, other.slug))).toEqual([]);
    expect(entries(await api('/api/v1/audit-log?action=RETENTION_RUN_STARTED', otherToken, other.slug))).toEqual([]);
  });

  it('is read-only: other methods answer 405 and write nothing', async () => {
    const [before] = await ownerDb()`select count(*)::int as n from audit_log where organisation_id = ${tenant.id}`;
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await call(method, '/api/v1/audit-log', { tenant: tenant.slug, token: adminToken, json: { action: 'FORGED', targetId: randomUUID() } });
      expectEnvelope(res, 405, 'METHOD_NOT_ALLOWED');
    }
    const [after] = await ownerDb()`select count(*)::int as n from audit_log where organisation_id = ${tenant.id}`;
    expect(after!.n).toBe(before!.n);
  });
});
