import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createContext } from '@/lib/platform/core/context';
import { type ErasureScope, erasePerson } from '@/lib/privacy/erasure/erase-person';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, createUser, ownerDb, registerIdentity, type TestTenant, type TestUser } from '../../../support/factories';
import { jobDb } from '../../../support/job-db';
import { sessionCookie } from '../../../support/session';

let tenant: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
});

const personOf = async (user: TestUser) => (await ownerDb()`select person_id from users where id = ${user.id}`)[0]!.person_id as string;
const accountsOf = (subject: string) => ownerDb()`select id from users where idp_subject = ${subject}`;

/** The erasure job's work, with the server's own pseudonym secret (as the job and the sign-in share it). */
async function erase(organisationId: string, personId: string, scope: ErasureScope = { scope: 'full' }) {
  const { ctx } = createContext({ organisationId, user: null, requestId: `test-${randomUUID()}`, now: new Date() });
  await withTenant(jobDb(), organisationId, (tx) => erasePerson(tx, ctx, personId, scope, inject('pseudonymSecret')));
}

describe('signing in with an erased identity (issue 23 item 9)', () => {
  it('an API token of an erased subject gets 403 account_erased, and no fresh account is provisioned', async () => {
    const subject = await createUser(tenant.id, 'EMPLOYEE');
    const token = await subject.token();
    expect((await call('GET', '/api/v1/categories', { tenant: tenant.slug, token })).status).toBe(200);
    const personId = await personOf(subject);

    await erase(tenant.id, personId);

    for (let attempt = 0; attempt < 2; attempt++) {
      const refused = await call('GET', '/api/v1/categories', { tenant: tenant.slug, token });
      expectEnvelope(refused, 403, 'FORBIDDEN');
      expect(refused.body.error.details).toEqual({ reason: 'account_erased' });
      expect(refused.body.error.message).toContain("erased at the person's request");
    }
    // Without the refusal the first call would have provisioned a new user and person for the same identity.
    expect(await accountsOf(subject.subject)).toEqual([]);
    expect(await ownerDb()`select id from persons where organisation_id = ${tenant.id} and official_email = ${`${subject.subject}@example.test`}`).toEqual([]);
    expect(await ownerDb()`select id from audit_log where organisation_id = ${tenant.id} and action = 'USER_PROVISIONED' and changes -> 'email' ->> 'after' = ${`${subject.subject}@example.test`}`).toEqual([]);
  });

  it('refuses an identity closed by the retention rule with its own reason, and lets other identities in', async () => {
    const subject = await createUser(tenant.id, 'EMPLOYEE');
    const token = await subject.token();
    await erase(tenant.id, await personOf(subject), { scope: 'full', reason: 'retention' });
    const refused = await call('GET', '/api/v1/categories', { tenant: tenant.slug, token });
    expectEnvelope(refused, 403, 'FORBIDDEN');
    expect(refused.body.error.details).toEqual({ reason: 'account_closed' });

    const newcomer = await registerIdentity(tenant.id);
    expect((await call('GET', '/api/v1/categories', { tenant: tenant.slug, token: await newcomer.token() })).status).toBe(200);
    expect(await accountsOf(newcomer.subject)).toHaveLength(1);
  });

  it('a partial erasure keeps the account open', async () => {
    const subject = await createUser(other.id, 'EMPLOYEE');
    await erase(other.id, await personOf(subject), { scope: 'partial', fields: ['phone'] });
    expect((await call('GET', '/api/v1/categories', { tenant: other.slug, token: await subject.token() })).status).toBe(200);
  });

  it('ends a portal session of an erased account on the page that says so, naming whom to contact', async () => {
    const subject = await createUser(tenant.id, 'EMPLOYEE');
    await ownerDb()`update organisations set legal_contact_email = 'privacy@example.test' where id = ${tenant.id}`;
    await erase(tenant.id, await personOf(subject));
    const cookie = await sessionCookie(inject('authSecret'), { id: subject.id, organisationId: tenant.id });
    const dashboard = await call('GET', '/dashboard', { tenant: tenant.slug, headers: { cookie } });
    expect(dashboard.status).toBe(307);
    expect(dashboard.headers.location).toBe('/login/erased');

    const page = await call('GET', '/login/erased', { tenant: tenant.slug });
    expect(page.status).toBe(200);
    expect(page.text).toContain('This account was erased');
    expect(page.text).toContain('erased your personal data and closed this account');
    expect(page.text).toContain('privacy@example.test');
    const closed = await call('GET', '/login/erased?reason=retention', { tenant: other.slug });
    expect(closed.status).toBe(200);
    expect(closed.text).toContain('This account was closed');
    expect(closed.text).toContain('ask one of its administrators');
  });
});
