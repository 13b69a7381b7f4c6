import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, ownerDb, type TestTenant } from '../../../support/factories';

let tenant: TestTenant;
let other: TestTenant;
let adminToken: string;

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  adminToken = await tenant.admin.token();
});

const api = (method: string, path: string, token: string, json?: unknown, slug = tenant.slug) => call(method, path, { tenant: slug, token, json });
const storedDuties = async (id: string) => (await ownerDb()`select duties::text[] as duties from users where id = ${id}`)[0]!.duties as string[];
const dutyAudit = (id: string) => ownerDb()`select action, actor_user_id, target_type, changes from audit_log where target_id = ${id} and action = 'USER_DUTIES_CHANGED' order by id`;

describe('PATCH /api/v1/users/{id} { duties }', () => {
  it('sets the duties: 200 with them in the DTO, stored, and USER_DUTIES_CHANGED with before and after', async () => {
    const res = await api('PATCH', `/api/v1/users/${tenant.employee.id}`, adminToken, { duties: ['MEDICAL', 'COACH'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: tenant.employee.id, role: 'EMPLOYEE', duties: ['MEDICAL', 'COACH'] });
    expect(await storedDuties(tenant.employee.id)).toEqual(['MEDICAL', 'COACH']);
    const audit = await dutyAudit(tenant.employee.id);
    expect(audit).toEqual([{ action: 'USER_DUTIES_CHANGED', actor_user_id: tenant.admin.id, target_type: 'USER', changes: { duties: { before: [], after: ['COACH', 'MEDICAL'] } } }]);

    const detail = await api('GET', `/api/v1/users/${tenant.employee.id}`, adminToken);
    expect(detail.body.duties).toEqual(['MEDICAL', 'COACH']);
  });

  it('replaces the whole set, and the same set again records nothing', async () => {
    expect((await api('PATCH', `/api/v1/users/${tenant.manager.id}`, adminToken, { duties: ['FINANCE'] })).status).toBe(200);
    expect((await api('PATCH', `/api/v1/users/${tenant.manager.id}`, adminToken, { duties: ['FINANCE'] })).status).toBe(200);
    const cleared = await api('PATCH', `/api/v1/users/${tenant.manager.id}`, adminToken, { duties: [] });
    expect(cleared.body.duties).toEqual([]);
    expect(await storedDuties(tenant.manager.id)).toEqual([]);
    const audit = await dutyAudit(tenant.manager.id);
    expect(audit.map((a) => a.changes.duties)).toEqual([
      { before: [], after: ['FINANCE'] },
      { before: ['FINANCE'], after: [] },
    ]);
  });

  it.each([
    ['an unknown duty', { duties: ['DOCTOR'] }],
    ['a duty twice', { duties: ['COACH', 'COACH'] }],
    ['a string instead of a list', { duties: 'COACH' }],
  ])('rejects %s with 400 and stores nothing', async (_label, body) => {
    const before = await storedDuties(tenant.admin.id);
    expectEnvelope(await api('PATCH', `/api/v1/users/${tenant.admin.id}`, adminToken, body), 400, 'VALIDATION_ERROR');
    expect(await storedDuties(tenant.admin.id)).toEqual(before);
  });

  it('is ADMIN only, and another tenant’s user is 404', async () => {
    expectEnvelope(await api('PATCH', `/api/v1/users/${tenant.employee.id}`, await tenant.manager.token(), { duties: ['MEDICAL'] }), 403, 'FORBIDDEN');
    expectEnvelope(await api('PATCH', `/api/v1/users/${other.employee.id}`, adminToken, { duties: ['MEDICAL'] }), 404, 'USER_NOT_FOUND');
    expect(await storedDuties(other.employee.id)).toEqual([]);
  });
});
