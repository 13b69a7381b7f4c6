import { describe, expect, inject, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { loadActingUser } from '@/lib/people/users/load-acting-user';
import { call } from '../../../support/api';
import { createTenant, ownerDb, type TestTenant } from '../../../support/factories';
import { jobDb } from '../../../support/job-db';
import { serverActionId } from '../../../support/server-action';
import { sessionCookie } from '../../../support/session';

const db = jobDb();

describe('admin sign-in audit', () => {
  it('records ADMIN_SIGNED_IN for an admin signing in to the portal, not for other roles or API calls', async () => {
    const tenant = await createTenant();
    const signIn = (subject: string, signIn: boolean) =>
      withTenant(db, tenant.id, (tx) => loadActingUser(tx, tenant.id, { organisationId: tenant.id, userId: subject }, randomUUID(), { signIn }));
    await signIn(tenant.admin.subject, true);
    await signIn(tenant.admin.subject, false);
    await signIn(tenant.employee.subject, true);

    const rows = await ownerDb()`select action, actor_user_id, target_type, target_id from audit_log where organisation_id = ${tenant.id} and action like 'ADMIN_SIGNED%'`;
    expect(rows).toEqual([{ action: 'ADMIN_SIGNED_IN', actor_user_id: tenant.admin.id, target_type: 'USER', target_id: tenant.admin.id }]);
  });
});

describe('admin sign-out audit', () => {
  /** The portal header's "Sign out" button: its server action posted from a page, with the session's cookie. */
  async function signOutOfPortal(tenant: TestTenant, user: { id: string }) {
    const cookie = await sessionCookie(inject('authSecret'), { id: user.id, organisationId: tenant.id });
    const origin = `http://${tenant.slug}.localhost:${new URL(inject('baseUrl')).port}`;
    const response = await call('POST', '/dashboard', {
      tenant: tenant.slug,
      headers: { cookie, origin, 'next-action': serverActionId('components/portal/sign-out.ts', 'signOutAction'), 'content-type': 'text/plain;charset=UTF-8' },
      body: '[]',
    });
    // A fetched action answers 200 and names where the browser goes next.
    expect(response.status).toBe(200);
    expect(response.headers['x-action-redirect']).toMatch(new RegExp(`^${origin}/login;`));
    expect([response.headers['set-cookie']].flat().join('\n')).toMatch(/authjs\.session-token=;/);
  }

  it('records ADMIN_SIGNED_OUT for an admin signing out of the portal, and nothing for an employee', async () => {
    const tenant = await createTenant();
    await signOutOfPortal(tenant, tenant.employee);
    await signOutOfPortal(tenant, tenant.admin);

    const rows = await ownerDb()`select action, actor_type, actor_user_id, target_type, target_id, metadata from audit_log
      where organisation_id = ${tenant.id} and action like 'ADMIN_SIGNED%'`;
    expect(rows).toEqual([
      { action: 'ADMIN_SIGNED_OUT', actor_type: 'USER', actor_user_id: tenant.admin.id, target_type: 'USER', target_id: tenant.admin.id, metadata: { via: 'portal' } },
    ]);
  });
});
