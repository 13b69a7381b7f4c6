import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, ownerDb, registerIdentity, type TestTenant } from '../../../support/factories';

let tenant: TestTenant;

beforeAll(async () => {
  tenant = await createTenant();
});

const usersOf = (subject: string) =>
  ownerDb()`select u.id, u.organisation_id, u.role, u.is_active, u.email, p.first_name, p.last_name, p.official_email
    from users u join persons p on p.id = u.person_id where u.idp_subject = ${subject}`;
const personsOf = (subject: string) => ownerDb()`select id from persons where official_email = ${`${subject}@example.test`}`;

describe('just-in-time provisioning', () => {
  it('creates an EMPLOYEE with a person on the first request, whatever role the token claims, and audits it', async () => {
    const identity = await registerIdentity(tenant.id, 'ADMIN');
    expect(await usersOf(identity.subject)).toHaveLength(0);
    const token = await identity.token();

    const res = await call('GET', '/api/v1/assets', { tenant: tenant.slug, token });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toBeDefined();

    const users = await usersOf(identity.subject);
    expect(users).toEqual([
      {
        id: expect.any(String),
        organisation_id: tenant.id,
        role: 'EMPLOYEE',
        is_active: true,
        email: `${identity.subject}@example.test`,
        first_name: 'Test',
        last_name: identity.subject.slice(0, 20),
        official_email: `${identity.subject}@example.test`,
      },
    ]);
    const userId = users[0]!.id as string;

    const audit = await ownerDb()`select organisation_id, actor_type, actor_user_id, action, target_type, changes, metadata, request_id
      from audit_log where target_id = ${userId}`;
    expect(audit).toEqual([
      {
        organisation_id: tenant.id,
        actor_type: 'SYSTEM',
        actor_user_id: null,
        action: 'USER_PROVISIONED',
        target_type: 'USER',
        changes: { role: { before: null, after: 'EMPLOYEE' }, email: { before: null, after: `${identity.subject}@example.test` } },
        metadata: { via: 'just-in-time' },
        request_id: res.headers['x-request-id'],
      },
    ]);

    // The ADMIN claim grants nothing: the stored role does.
    expectEnvelope(await call('GET', '/api/v1/users', { tenant: tenant.slug, token }), 403, 'FORBIDDEN');
    expect((await call('GET', '/api/v1/categories', { tenant: tenant.slug, token })).status).toBe(200);
    expect(await usersOf(identity.subject)).toHaveLength(1);
    expect(await ownerDb()`select id from audit_log where action = 'USER_PROVISIONED' and target_id = ${userId}`).toHaveLength(1);
  });

  it('shows the provisioned user to an admin as an EMPLOYEE', async () => {
    const identity = await registerIdentity(tenant.id, 'ASSET_MANAGER');
    expect((await call('GET', '/api/v1/assets', { tenant: tenant.slug, token: await identity.token() })).status).toBe(200);
    const [user] = await usersOf(identity.subject);
    const res = await call('GET', `/api/v1/users/${user!.id}`, { tenant: tenant.slug, token: await tenant.admin.token() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user!.id, role: 'EMPLOYEE', isActive: true, firstName: 'Test', email: `${identity.subject}@example.test` });
  });

  it('creates exactly one user and one person for 10 concurrent first requests', async () => {
    const identity = await registerIdentity(tenant.id);
    const token = await identity.token();
    const responses = await Promise.all(Array.from({ length: 10 }, () => call('GET', '/api/v1/assets', { tenant: tenant.slug, token })));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));

    const users = await usersOf(identity.subject);
    expect(users).toHaveLength(1);
    expect(await personsOf(identity.subject)).toHaveLength(1);
    const provisioned = await ownerDb()`select id from audit_log where action = 'USER_PROVISIONED' and target_id = ${users[0]!.id}`;
    expect(provisioned).toHaveLength(1);
  });

  it('never provisions an identity of one tenant into another tenant', async () => {
    const other = await createTenant();
    const identity = await registerIdentity(other.id, 'ADMIN');
    const res = await call('GET', '/api/v1/assets', { tenant: tenant.slug, token: await identity.token() });
    expectEnvelope(res, 401, 'UNAUTHENTICATED');
    expect(await usersOf(identity.subject)).toHaveLength(0);
    expect(await personsOf(identity.subject)).toHaveLength(0);
  });

  it('leaves no person without a user when the first request fails', async () => {
    const identity = await registerIdentity(tenant.id);
    const res = await call('POST', '/api/v1/categories', { tenant: tenant.slug, token: await identity.token(), json: { name: `JIT ${identity.subject}` } });
    expectEnvelope(res, 403, 'FORBIDDEN');
    const users = await usersOf(identity.subject);
    expect((await personsOf(identity.subject)).length).toBe(users.length);
    expect(await ownerDb()`select id from categories where name = ${`JIT ${identity.subject}`}`).toHaveLength(0);
  });
});
