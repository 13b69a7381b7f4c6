import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, ownerDb, registerIdentity, type TestTenant } from '../../../support/factories';

let tenant: TestTenant;
let other: TestTenant;
let adminToken: string;

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  adminToken = await tenant.admin.token();
});

const api = (method: string, path: string, token: string, json?: unknown, slug = tenant.slug) => call(method, path, { tenant: slug, token, json });
const invitationRow = async (id: string) =>
  (await ownerDb()`select organisation_id, email, role, invited_by_user_id, accepted_at, accepted_user_id from invitations where id = ${id}`)[0];
const auditOf = (id: string) => ownerDb()`select action, actor_user_id, target_type, changes, metadata from audit_log where target_id = ${id} order by id`;
const freshEmail = () => `invitee-${randomUUID()}@example.test`;

describe('POST /api/v1/invitations', () => {
  it('stores the invitation, audits USER_INVITED and queues the welcome e-mail in the same transaction', async () => {
    const email = freshEmail();
    const res = await api('POST', '/api/v1/invitations', adminToken, { email, role: 'ASSET_MANAGER' });

    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`/api/v1/invitations/${res.body.id}`);
    expect(res.body).toEqual({
      id: expect.any(String),
      email,
      role: 'ASSET_MANAGER',
      invitedBy: { userId: tenant.admin.id, name: 'Test ADMIN' },
      createdAt: expect.any(String),
    });
    expect(await invitationRow(res.body.id)).toEqual({
      organisation_id: tenant.id,
      email,
      role: 'ASSET_MANAGER',
      invited_by_user_id: tenant.admin.id,
      accepted_at: null,
      accepted_user_id: null,
    });
    expect(await auditOf(res.body.id)).toEqual([
      {
        action: 'USER_INVITED',
        actor_user_id: tenant.admin.id,
        target_type: 'INVITATION',
        changes: { email: { before: null, after: email }, role: { before: null, after: 'ASSET_MANAGER' } },
        metadata: {},
      },
    ]);
    const [outbox] = await ownerDb()`select organisation_id, kind, payload from outbox where idempotency_key = ${`invitation:${res.body.id}`}`;
    expect(outbox).toEqual({
      organisation_id: tenant.id,
      kind: 'EMAIL',
      payload: {
        template: 'welcome',
        to: email,
        data: { invitationId: res.body.id, organisationName: expect.any(String), inviterName: 'Test ADMIN', role: 'ASSET_MANAGER' },
      },
    });
  });

  it('defaults the role to EMPLOYEE', async () => {
    const res = await api('POST', '/api/v1/invitations', adminToken, { email: freshEmail() });
    expect(res.status).toBe(201);
    expect(res.body.role).toBe('EMPLOYEE');
  });

  it('answers 409 INVITATION_EXISTS for an open invitation of the same address in any case, and USER_EXISTS for a user', async () => {
    const email = freshEmail();
    expect((await api('POST', '/api/v1/invitations', adminToken, { email })).status).toBe(201);
    const duplicate = await api('POST', '/api/v1/invitations', adminToken, { email: email.toUpperCase(), role: 'ADMIN' });
    expectEnvelope(duplicate, 409, 'INVITATION_EXISTS');
    expect(await ownerDb()`select id from invitations where lower(email) = ${email}`).toHaveLength(1);

    const taken = await api('POST', '/api/v1/invitations', adminToken, { email: `${tenant.employee.subject}@EXAMPLE.test` });
    expectEnvelope(taken, 409, 'USER_EXISTS');
    expect(await ownerDb()`select id from invitations where lower(email) = ${`${tenant.employee.subject}@example.test`}`).toHaveLength(0);
  });

  it('answers 400 for an invalid address, an unknown role or an unknown field, storing nothing', async () => {
    const email = freshEmail();
    for (const body of [{ email: 'not-an-address' }, { email, role: 'OWNER' }, { email, role: 'EMPLOYEE', note: 'hi' }, {}]) {
      expectEnvelope(await api('POST', '/api/v1/invitations', adminToken, body), 400, 'VALIDATION_ERROR');
    }
    expect(await ownerDb()`select id from invitations where email = ${email}`).toHaveLength(0);
  });

  it('is ADMIN only', async () => {
    const email = freshEmail();
    for (const token of [await tenant.employee.token(), await tenant.manager.token()]) {
      expectEnvelope(await api('POST', '/api/v1/invitations', token, { email }), 403, 'FORBIDDEN');
      expectEnvelope(await api('GET', '/api/v1/invitations', token), 403, 'FORBIDDEN');
    }
    expect(await ownerDb()`select id from invitations where email = ${email}`).toHaveLength(0);
  });
});

describe('GET and DELETE /api/v1/invitations', () => {
  it('lists open invitations of the tenant only, newest first', async () => {
    const first = await api('POST', '/api/v1/invitations', adminToken, { email: freshEmail() });
    const second = await api('POST', '/api/v1/invitations', adminToken, { email: freshEmail() });
    const foreign = await api('POST', '/api/v1/invitations', await other.admin.token(), { email: freshEmail() }, other.slug);
    expect(foreign.status).toBe(201);

    const list = await api('GET', '/api/v1/invitations?limit=100', adminToken);
    expect(list.status).toBe(200);
    const ids = list.body.data.map((i: { id: string }) => i.id);
    expect(ids.indexOf(second.body.id)).toBeLessThan(ids.indexOf(first.body.id));
    expect(ids.indexOf(first.body.id)).toBeGreaterThanOrEqual(0);
    expect(ids).not.toContain(foreign.body.id);
    const [count] = await ownerDb()`select count(*)::int as n from invitations where organisation_id = ${tenant.id} and accepted_at is null`;
    expect(list.body.pagination.total).toBe(count!.n);

    const paged = await api('GET', '/api/v1/invitations?limit=1', adminToken);
    expect(paged.body.data).toHaveLength(1);
    const next = await api('GET', `/api/v1/invitations?limit=1&cursor=${paged.body.pagination.nextCursor}`, adminToken);
    expect(next.body.data[0].id).not.toBe(paged.body.data[0].id);
  });

  it('revokes an open invitation with an audit entry; 404 afterwards, for unknown ids and for another tenant', async () => {
    const email = freshEmail();
    const created = await api('POST', '/api/v1/invitations', adminToken, { email, role: 'ADMIN' });
    const id = created.body.id as string;

    expectEnvelope(await api('DELETE', `/api/v1/invitations/${id}`, await other.admin.token(), undefined, other.slug), 404, 'INVITATION_NOT_FOUND');
    expectEnvelope(await api('DELETE', `/api/v1/invitations/${id}`, await tenant.manager.token()), 403, 'FORBIDDEN');
    expect(await invitationRow(id)).toBeDefined();

    const res = await api('DELETE', `/api/v1/invitations/${id}`, adminToken);
    expect(res.status).toBe(204);
    expect(await invitationRow(id)).toBeUndefined();
    expect((await auditOf(id)).map((entry) => [entry.action, entry.changes])).toEqual([
      ['USER_INVITED', { email: { before: null, after: email }, role: { before: null, after: 'ADMIN' } }],
      ['INVITATION_REVOKED', { email: { before: email, after: null }, role: { before: 'ADMIN', after: null } }],
    ]);
    expectEnvelope(await api('DELETE', `/api/v1/invitations/${id}`, adminToken), 404, 'INVITATION_NOT_FOUND');
    expectEnvelope(await api('DELETE', `/api/v1/invitations/${randomUUID()}`, adminToken), 404, 'INVITATION_NOT_FOUND');
    expectEnvelope(await api('DELETE', '/api/v1/invitations/not-a-uuid', adminToken), 400, 'VALIDATION_ERROR');
  });
});

describe('just-in-time provisioning with an invitation', () => {
  const userOf = async (subject: string, organisationId = tenant.id) =>
    (await ownerDb()`select id, role from users where organisation_id = ${organisationId} and idp_subject = ${subject}`)[0];

  it('gives the invited role on the first request, whatever the token says, and marks the invitation accepted', async () => {
    const subject = `invited-${randomUUID()}`;
    const invited = await api('POST', '/api/v1/invitations', adminToken, { email: `${subject.toUpperCase()}@Example.TEST`, role: 'ASSET_MANAGER' });
    expect(invited.status).toBe(201);
    const identity = await registerIdentity(tenant.id, 'EMPLOYEE', subject);
    const token = await identity.token();

    // Creating a category needs ASSET_MANAGER: it succeeds on the very first request.
    const res = await call('POST', '/api/v1/categories', { tenant: tenant.slug, token, json: { name: `Invited ${subject}` } });
    expect(res.status).toBe(201);

    const user = await userOf(subject);
    expect(user).toEqual({ id: expect.any(String), role: 'ASSET_MANAGER' });
    expect(await invitationRow(invited.body.id)).toMatchObject({ accepted_at: expect.any(Date), accepted_user_id: user!.id });
    expect(await auditOf(user!.id)).toEqual([
      {
        action: 'USER_PROVISIONED',
        actor_user_id: null,
        target_type: 'USER',
        changes: { role: { before: null, after: 'ASSET_MANAGER' }, email: { before: null, after: `${subject}@example.test` } },
        metadata: { via: 'invitation', invitationId: invited.body.id },
      },
    ]);
    const list = await api('GET', '/api/v1/invitations?limit=100', adminToken);
    expect(list.body.data.map((i: { id: string }) => i.id)).not.toContain(invited.body.id);
    // An accepted invitation is history: it cannot be revoked, and the address can no longer be invited.
    expectEnvelope(await api('DELETE', `/api/v1/invitations/${invited.body.id}`, adminToken), 404, 'INVITATION_NOT_FOUND');
    expectEnvelope(await api('POST', '/api/v1/invitations', adminToken, { email: `${subject}@example.test` }), 409, 'USER_EXISTS');
  });

  it('provisions an EMPLOYEE without an invitation', async () => {
    const identity = await registerIdentity(tenant.id, 'ADMIN');
    expect((await call('GET', '/api/v1/assets', { tenant: tenant.slug, token: await identity.token() })).status).toBe(200);
    expect((await userOf(identity.subject))?.role).toBe('EMPLOYEE');
    const [audit] = await ownerDb()`select metadata from audit_log where action = 'USER_PROVISIONED' and target_id = ${(await userOf(identity.subject))!.id}`;
    expect(audit!.metadata).toEqual({ via: 'just-in-time' });
  });

  it('never applies an invitation of another tenant', async () => {
    const subject = `elsewhere-${randomUUID()}`;
    const foreign = await api('POST', '/api/v1/invitations', await other.admin.token(), { email: `${subject}@example.test`, role: 'ADMIN' }, other.slug);
    expect(foreign.status).toBe(201);
    const identity = await registerIdentity(tenant.id, 'ADMIN', subject);

    const token = await identity.token();
    expect((await call('GET', '/api/v1/assets', { tenant: tenant.slug, token })).status).toBe(200);
    expect((await userOf(subject))?.role).toBe('EMPLOYEE');
    expectEnvelope(await call('GET', '/api/v1/users', { tenant: tenant.slug, token }), 403, 'FORBIDDEN');
    expect(await invitationRow(foreign.body.id)).toMatchObject({ organisation_id: other.id, accepted_at: null, accepted_user_id: null });
    expect(await userOf(subject, other.id)).toBeUndefined();
  });
});
