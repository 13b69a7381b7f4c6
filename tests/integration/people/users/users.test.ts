import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, createUser, ownerDb, type TestTenant, type TestUser } from '../../../support/factories';

let tenant: TestTenant;
let other: TestTenant;
let adminToken: string;

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  adminToken = await tenant.admin.token();
});

const api = (method: string, path: string, token: string, json?: unknown, slug = tenant.slug) => call(method, path, { tenant: slug, token, json });
const storedUser = async (id: string) => (await ownerDb()`select role, is_active, organisation_id from users where id = ${id}`)[0];
const auditOf = (id: string) => ownerDb()`select action, actor_user_id, target_type, changes from audit_log where target_id = ${id} order by id`;
const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((u) => u.id).sort();

describe('GET /api/v1/users', () => {
  it('is ADMIN only: EMPLOYEE and ASSET_MANAGER get 403', async () => {
    expectEnvelope(await api('GET', '/api/v1/users', await tenant.employee.token()), 403, 'FORBIDDEN');
    const manager = await api('GET', '/api/v1/users', await tenant.manager.token());
    expectEnvelope(manager, 403, 'FORBIDDEN');
    expect(manager.body.error.details).toEqual({ requiredRole: 'ADMIN' });
  });

  it('lists the organisation’s users in the list envelope and filters by role, isActive and q', async () => {
    const list = await api('GET', '/api/v1/users', adminToken);
    expect(list.status).toBe(200);
    const [count] = await ownerDb()`select count(*)::int as n from users where organisation_id = ${tenant.id}`;
    expect(list.body.pagination).toEqual({ limit: 25, total: count!.n, nextCursor: null, hasMore: false });
    expect(ids(list)).toEqual([tenant.admin.id, tenant.manager.id, tenant.employee.id].sort());
    expect(ids(list)).not.toContain(other.admin.id);

    expect(ids(await api('GET', '/api/v1/users?role=ASSET_MANAGER', adminToken))).toEqual([tenant.manager.id]);
    const byEmail = await api('GET', `/api/v1/users?q=${tenant.employee.subject.slice(5, 20).toUpperCase()}`, adminToken);
    expect(ids(byEmail)).toEqual([tenant.employee.id]);
    expect(ids(await api('GET', '/api/v1/users?q=asset_manager', adminToken))).toEqual([tenant.manager.id]);

    const idle = await createUser(tenant.id, 'EMPLOYEE');
    await ownerDb()`update users set is_active = false where id = ${idle.id}`;
    expect(ids(await api('GET', '/api/v1/users?isActive=false', adminToken))).toEqual([idle.id]);
    const active = await api('GET', '/api/v1/users?isActive=true&role=EMPLOYEE', adminToken);
    expect(ids(active)).toEqual([tenant.employee.id]);
  });

  it('pages with limit and cursor, each user once', async () => {
    const first = await api('GET', '/api/v1/users?limit=2', adminToken);
    expect(first.body.pagination).toMatchObject({ limit: 2, hasMore: true });
    const second = await api('GET', `/api/v1/users?limit=2&cursor=${first.body.pagination.nextCursor}`, adminToken);
    expect(second.status).toBe(200);
    expect(second.body.pagination.total).toBe(first.body.pagination.total);
    expect(ids(second).some((id) => ids(first).includes(id))).toBe(false);
  });

  it('answers 400 for a bad role, isActive or unknown parameter', async () => {
    expectEnvelope(await api('GET', '/api/v1/users?role=BOSS', adminToken), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('GET', '/api/v1/users?isActive=yes', adminToken), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('GET', '/api/v1/users?email=x', adminToken), 400, 'VALIDATION_ERROR');
  });
});

describe('GET /api/v1/users/{id}', () => {
  it('returns the user DTO and nothing more', async () => {
    const res = await api('GET', `/api/v1/users/${tenant.employee.id}`, adminToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: tenant.employee.id,
      personId: expect.any(String),
      firstName: 'Test',
      lastName: 'EMPLOYEE',
      email: `${tenant.employee.subject}@example.test`,
      role: 'EMPLOYEE',
      duties: [],
      isActive: true,
      lastSeenAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('answers 404 USER_NOT_FOUND for an unknown id and for another tenant’s user; 403 for non-admins', async () => {
    const missing = randomUUID();
    const res = await api('GET', `/api/v1/users/${missing}`, adminToken);
    expectEnvelope(res, 404, 'USER_NOT_FOUND');
    expect(res.body.error.details).toEqual({ userId: missing, organisationId: tenant.id });
    expectEnvelope(await api('GET', `/api/v1/users/${other.admin.id}`, adminToken), 404, 'USER_NOT_FOUND');
    expectEnvelope(await api('GET', `/api/v1/users/${tenant.admin.id}`, await tenant.manager.token()), 403, 'FORBIDDEN');
  });
});

describe('PATCH /api/v1/users/{id}', () => {
  it('changes a role, audits USER_ROLE_CHANGED, and the database role applies to the next request of the same token', async () => {
    const user = await createUser(tenant.id, 'EMPLOYEE');
    const token = await user.token();
    expectEnvelope(await api('POST', '/api/v1/categories', token, { name: `Before ${user.id}` }), 403, 'FORBIDDEN');

    const res = await api('PATCH', `/api/v1/users/${user.id}`, adminToken, { role: 'ASSET_MANAGER' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, role: 'ASSET_MANAGER', isActive: true });
    expect(await storedUser(user.id)).toMatchObject({ role: 'ASSET_MANAGER', is_active: true });
    expect(await auditOf(user.id)).toEqual([
      { action: 'USER_ROLE_CHANGED', actor_user_id: tenant.admin.id, target_type: 'USER', changes: { role: { before: 'EMPLOYEE', after: 'ASSET_MANAGER' } } },
    ]);

    const created = await api('POST', '/api/v1/categories', token, { name: `After ${user.id}` });
    expect(created.status).toBe(201);
    expect(await ownerDb()`select id from categories where id = ${created.body.id}`).toHaveLength(1);
  });

  it('applies a demotion at once, although the token still claims the old role', async () => {
    const user = await createUser(tenant.id, 'ASSET_MANAGER');
    const token = await user.token();
    expect((await api('PATCH', `/api/v1/users/${user.id}`, adminToken, { role: 'EMPLOYEE' })).status).toBe(200);
    expectEnvelope(await api('POST', '/api/v1/categories', token, { name: `Demoted ${user.id}` }), 403, 'FORBIDDEN');
    expect(await ownerDb()`select id from categories where name = ${`Demoted ${user.id}`}`).toHaveLength(0);
  });

  it('deactivates (next request 403 user_inactive, USER_DEACTIVATED) and reactivates (USER_REACTIVATED)', async () => {
    const user = await createUser(tenant.id, 'EMPLOYEE');
    const token = await user.token();
    expect((await api('GET', '/api/v1/categories', token)).status).toBe(200);

    const off = await api('PATCH', `/api/v1/users/${user.id}`, adminToken, { isActive: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ isActive: false, role: 'EMPLOYEE' });
    expect(await storedUser(user.id)).toMatchObject({ is_active: false });
    const refused = await api('GET', '/api/v1/categories', token);
    expectEnvelope(refused, 403, 'FORBIDDEN');
    expect(refused.body.error.details.reason).toBe('user_inactive');

    const on = await api('PATCH', `/api/v1/users/${user.id}`, adminToken, { isActive: true });
    expect(on.status).toBe(200);
    expect(await storedUser(user.id)).toMatchObject({ is_active: true });
    expect((await api('GET', '/api/v1/categories', token)).status).toBe(200);
    expect(await auditOf(user.id)).toEqual([
      { action: 'USER_DEACTIVATED', actor_user_id: tenant.admin.id, target_type: 'USER', changes: { isActive: { before: true, after: false } } },
      { action: 'USER_REACTIVATED', actor_user_id: tenant.admin.id, target_type: 'USER', changes: { isActive: { before: false, after: true } } },
    ]);
  });

  it('writes no audit entry for a patch that changes nothing', async () => {
    const user = await createUser(tenant.id, 'EMPLOYEE');
    const res = await api('PATCH', `/api/v1/users/${user.id}`, adminToken, { role: 'EMPLOYEE', isActive: true });
    expect(res.status).toBe(200);
    expect(await auditOf(user.id)).toHaveLength(0);
  });

  it('answers 400 for unknown fields, a bad role, a non-boolean isActive and an empty body, changing nothing', async () => {
    const path = `/api/v1/users/${tenant.employee.id}`;
    for (const json of [{ role: 'ADMIN', email: 'x@y.z' }, { role: 'SUPERUSER' }, { isActive: 'false' }, {}]) {
      expectEnvelope(await api('PATCH', path, adminToken, json), 400, 'VALIDATION_ERROR');
    }
    expect(await storedUser(tenant.employee.id)).toMatchObject({ role: 'EMPLOYEE', is_active: true });
    expect(await auditOf(tenant.employee.id)).toHaveLength(0);
  });

  it('refuses an ASSET_MANAGER with 403 and answers 404 for another tenant’s user id', async () => {
    expectEnvelope(await api('PATCH', `/api/v1/users/${tenant.employee.id}`, await tenant.manager.token(), { role: 'ADMIN' }), 403, 'FORBIDDEN');
    const res = await api('PATCH', `/api/v1/users/${other.employee.id}`, adminToken, { role: 'ADMIN', isActive: false });
    expectEnvelope(res, 404, 'USER_NOT_FOUND');
    expect(await storedUser(other.employee.id)).toEqual({ role: 'EMPLOYEE', is_active: true, organisation_id: other.id });
    expect(await auditOf(other.employee.id)).toHaveLength(0);
  });

  it('answers 405 to PUT and DELETE', async () => {
    expectEnvelope(await api('PUT', `/api/v1/users/${tenant.employee.id}`, adminToken, { role: 'ADMIN' }), 405, 'METHOD_NOT_ALLOWED');
    expectEnvelope(await api('DELETE', `/api/v1/users/${tenant.employee.id}`, adminToken), 405, 'METHOD_NOT_ALLOWED');
    expect(await storedUser(tenant.employee.id)).toMatchObject({ role: 'EMPLOYEE', is_active: true });
  });
});

describe('the last active admin', () => {
  let solo: TestTenant;
  let soloToken: string;
  beforeAll(async () => {
    solo = await createTenant();
    soloToken = await solo.admin.token();
  });

  it('cannot demote or deactivate themselves: 409 LAST_ADMIN, nothing changes', async () => {
    const path = `/api/v1/users/${solo.admin.id}`;
    const demote = await api('PATCH', path, soloToken, { role: 'ASSET_MANAGER' }, solo.slug);
    expectEnvelope(demote, 409, 'LAST_ADMIN');
    expect(demote.body.error.details).toEqual({ userId: solo.admin.id });
    expectEnvelope(await api('PATCH', path, soloToken, { isActive: false }, solo.slug), 409, 'LAST_ADMIN');
    expect(await storedUser(solo.admin.id)).toMatchObject({ role: 'ADMIN', is_active: true });
    expect(await auditOf(solo.admin.id)).toHaveLength(0);
  });

  it('does not count an inactive second admin, but an active one', async () => {
    const inactive: TestUser = await createUser(solo.id, 'ADMIN');
    await ownerDb()`update users set is_active = false where id = ${inactive.id}`;
    expectEnvelope(await api('PATCH', `/api/v1/users/${solo.admin.id}`, soloToken, { role: 'EMPLOYEE' }, solo.slug), 409, 'LAST_ADMIN');

    const second = await createUser(solo.id, 'ADMIN');
    const res = await api('PATCH', `/api/v1/users/${solo.admin.id}`, soloToken, { role: 'ASSET_MANAGER' }, solo.slug);
    expect(res.status).toBe(200);
    expect(await storedUser(solo.admin.id)).toMatchObject({ role: 'ASSET_MANAGER' });
    // The demoted admin's own token no longer reaches admin endpoints.
    expectEnvelope(await api('GET', '/api/v1/users', soloToken, undefined, solo.slug), 403, 'FORBIDDEN');
    expect((await api('GET', '/api/v1/users', await second.token(), undefined, solo.slug)).status).toBe(200);
  });

  it('keeps one active admin when two admins demote each other concurrently', async () => {
    const duo = await createTenant();
    const partner = await createUser(duo.id, 'ADMIN');
    const [a, b] = await Promise.all([duo.admin.token(), partner.token()]);
    const results = await Promise.all([
      api('PATCH', `/api/v1/users/${partner.id}`, a, { role: 'EMPLOYEE' }, duo.slug),
      api('PATCH', `/api/v1/users/${duo.admin.id}`, b, { role: 'EMPLOYEE' }, duo.slug),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect([[200, 403], [200, 409]]).toContainEqual(statuses);
    const [admins] = await ownerDb()`select count(*)::int as n from users where organisation_id = ${duo.id} and role = 'ADMIN' and is_active`;
    expect(admins!.n).toBe(1);
  });
});
