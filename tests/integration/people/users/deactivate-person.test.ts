import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, createUser, ownerDb, type TestTenant, type TestUser } from '../../../support/factories';
import { serverActionId } from '../../../support/server-action';
import { sessionCookie } from '../../../support/session';

// Spec 001's Person life cycle: "account deactivated -> deletedAt set", and the retention run anonymises a person
// three years after it. Issue 23 item 8: the API and the users screen deactivated the account only.
let tenant: TestTenant;
let adminToken: string;

beforeAll(async () => {
  tenant = await createTenant();
  adminToken = await tenant.admin.token();
});

const patch = (user: TestUser, json: unknown) => call('PATCH', `/api/v1/users/${user.id}`, { tenant: tenant.slug, token: adminToken, json });
const personOf = async (user: TestUser) => (await ownerDb()`select person_id from users where id = ${user.id}`)[0]!.person_id as string;
const deletedAt = async (personId: string) => (await ownerDb()`select deleted_at from persons where id = ${personId}`)[0]!.deleted_at as Date | null;
const personAudit = (personId: string) => ownerDb()`select action, actor_user_id, changes, metadata from audit_log where target_type = 'PERSON' and target_id = ${personId} order by id`;

describe('deactivating and reactivating an account (PATCH /api/v1/users/{id})', () => {
  it("sets the person's deletedAt in the same change, audited, and reactivation clears it", async () => {
    const user = await createUser(tenant.id, 'EMPLOYEE');
    const personId = await personOf(user);
    const before = Date.now();

    expect((await patch(user, { isActive: false })).status).toBe(200);
    const stamped = await deletedAt(personId);
    expect(stamped).toBeInstanceOf(Date);
    expect(stamped!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const [deactivated] = await personAudit(personId);
    expect(deactivated).toEqual({
      action: 'PERSON_DEACTIVATED',
      actor_user_id: tenant.admin.id,
      changes: { deletedAt: { before: null, after: stamped!.toISOString() } },
      metadata: { userId: user.id },
    });

    // Three years on, the retention run would anonymise them: the anchor is there now.
    await ownerDb()`update persons set deleted_at = now() - interval '3 years 2 days' where id = ${personId}`;
    const preview = await call('POST', '/api/v1/retention/runs?dryRun=true', { tenant: tenant.slug, token: adminToken });
    expect(preview.status).toBe(200);
    expect(preview.body.results.find((r: { kind: string }) => r.kind === 'person')).toEqual({ kind: 'person', action: 'anonymise', count: 1 });

    expect((await patch(user, { isActive: true })).status).toBe(200);
    expect(await deletedAt(personId)).toBeNull();
    expect((await personAudit(personId)).map((entry) => [entry.action, entry.changes.deletedAt.after])).toEqual([
      ['PERSON_DEACTIVATED', stamped!.toISOString()],
      ['PERSON_REACTIVATED', null],
    ]);
  });

  it('leaves the person active while another account of theirs is, and keeps an earlier deactivation date', async () => {
    const first = await createUser(tenant.id, 'EMPLOYEE');
    const personId = await personOf(first);
    const subject = `second-${randomUUID()}`;
    const [second] = await ownerDb()`insert into users (organisation_id, person_id, idp_subject, role) values (${tenant.id}, ${personId}, ${subject}, 'EMPLOYEE') returning id`;
    expect((await patch(first, { isActive: false })).status).toBe(200);
    expect(await deletedAt(personId)).toBeNull();
    expect(await personAudit(personId)).toEqual([]);
    expect((await call('PATCH', `/api/v1/users/${second!.id}`, { tenant: tenant.slug, token: adminToken, json: { isActive: false } })).status).toBe(200);
    expect(await deletedAt(personId)).toBeInstanceOf(Date);

    // Deactivated earlier (by the registry, say): that date stays the anchor.
    const other = await createUser(tenant.id, 'EMPLOYEE');
    const otherPerson = await personOf(other);
    await ownerDb()`update persons set deleted_at = '2024-05-01T00:00:00Z' where id = ${otherPerson}`;
    expect((await patch(other, { isActive: false })).status).toBe(200);
    expect((await deletedAt(otherPerson))!.toISOString()).toBe('2024-05-01T00:00:00.000Z');
  });

  it('refuses to reactivate an erased account: 409 USER_ERASED, nothing changes', async () => {
    const user = await createUser(tenant.id, 'EMPLOYEE');
    const personId = await personOf(user);
    await ownerDb()`update persons set first_name = 'ANONYMIZED', last_name = 'ANONYMIZED', deleted_at = now() - interval '1 day', anonymized_at = now() where id = ${personId}`;
    await ownerDb()`update users set is_active = false, email = null, idp_subject = ${`erased:request:${randomUUID()}`} where id = ${user.id}`;
    const res = await patch(user, { isActive: true });
    expectEnvelope(res, 409, 'USER_ERASED');
    expect(res.body.error.details).toEqual({ userId: user.id });
    expect((await ownerDb()`select is_active from users where id = ${user.id}`)[0]!.is_active).toBe(false);
    expect(await deletedAt(personId)).toBeInstanceOf(Date);
  });

  it('the users screen deactivates through the same function', async () => {
    const user = await createUser(tenant.id, 'EMPLOYEE');
    const personId = await personOf(user);
    const form = new FormData();
    form.append('_1_userId', user.id);
    form.append('_1_isActive', 'false');
    form.append('0', '[null,"$K1"]');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const body = Buffer.from(await request.arrayBuffer()).toString('latin1');
    const cookie = await sessionCookie(inject('authSecret'), { id: tenant.admin.id, organisationId: tenant.id });
    const origin = `http://${tenant.slug}.localhost:${new URL(inject('baseUrl')).port}`;
    const response = await call('POST', '/admin/users', {
      tenant: tenant.slug,
      headers: { cookie, origin, 'next-action': serverActionId('lib/transport/portal/actions/user-actions.ts', 'setActiveAction'), 'content-type': request.headers.get('content-type')! },
      body,
    });
    expect(response.status).toBe(200);
    expect(response.text).toContain('is deactivated');
    expect((await ownerDb()`select is_active from users where id = ${user.id}`)[0]!.is_active).toBe(false);
    expect(await deletedAt(personId)).toBeInstanceOf(Date);
    expect((await personAudit(personId)).map((entry) => entry.action)).toEqual(['PERSON_DEACTIVATED']);
  });
});
