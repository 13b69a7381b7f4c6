import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call } from '../../../support/api';
import { createPerson, createTenant, createUser, ownerDb, type TestTenant, type TestUser } from '../../../support/factories';
import { serverActionId } from '../../../support/server-action';
import { sessionCookie } from '../../../support/session';

// The admin screen of one erasure request (/admin/erasure-requests/{id}), as the browser gets it: four eyes
// (issue 23 item 11) on the page and in its server action.
let tenant: TestTenant;
let secondAdmin: TestUser;

beforeAll(async () => {
  tenant = await createTenant();
  secondAdmin = await createUser(tenant.id, 'ADMIN');
});

const cookieOf = (user: { id: string }) => sessionCookie(inject('authSecret'), { id: user.id, organisationId: tenant.id });

async function fileOnBehalf(): Promise<string> {
  const personId = await createPerson(tenant.id, { first_name: 'Screen', last_name: 'Subject' });
  const filed = await call('POST', '/api/v1/data-delete-request', { tenant: tenant.slug, token: await tenant.admin.token(), json: { scope: 'full', personId } });
  expect(filed.status).toBe(201);
  return filed.body.id as string;
}

async function verifyOnScreen(as: { id: string }, requestId: string) {
  const form = new FormData();
  form.append('_1_id', requestId);
  form.append('_1_method', 'phone');
  form.append('0', '[null,"$K1"]');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const body = Buffer.from(await request.arrayBuffer()).toString('latin1');
  const origin = `http://${tenant.slug}.localhost:${new URL(inject('baseUrl')).port}`;
  return call('POST', `/admin/erasure-requests/${requestId}`, {
    tenant: tenant.slug,
    headers: {
      cookie: await cookieOf(as),
      origin,
      'next-action': serverActionId('lib/transport/portal/actions/erasure-actions.ts', 'verifyErasureRequestAction'),
      'content-type': request.headers.get('content-type')!,
    },
    body,
  });
}

describe('the erasure request screen', () => {
  it('tells the admin who filed it that another admin verifies it, and offers that admin the form', async () => {
    const requestId = await fileOnBehalf();
    const filer = await call('GET', `/admin/erasure-requests/${requestId}`, { tenant: tenant.slug, headers: { cookie: await cookieOf(tenant.admin) } });
    expect(filer.status).toBe(200);
    expect(filer.text).toContain('another administrator has to verify it');
    expect(filer.text).not.toContain('Verify and erase');
    expect(filer.text).toContain('Reject request');

    const other = await call('GET', `/admin/erasure-requests/${requestId}`, { tenant: tenant.slug, headers: { cookie: await cookieOf(secondAdmin) } });
    expect(other.status).toBe(200);
    expect(other.text).toContain('Verify and erase');
    expect(other.text).not.toContain('another administrator has to verify it');
  });

  it('refuses the filer’s verification with a clear message, and takes the other admin’s', async () => {
    const requestId = await fileOnBehalf();
    const refused = await verifyOnScreen(tenant.admin, requestId);
    expect(refused.status).toBe(200);
    expect(refused.text).toContain('You filed this request, so another administrator has to verify it.');
    expect((await ownerDb()`select status, verified_by_user_id from data_deletion_requests where id = ${requestId}`)[0]).toEqual({ status: 'pending', verified_by_user_id: null });

    const accepted = await verifyOnScreen(secondAdmin, requestId);
    expect(accepted.status).toBe(200);
    expect(accepted.text).toContain('Identity verified.');
    expect((await ownerDb()`select verified_by_user_id from data_deletion_requests where id = ${requestId}`)[0]!.verified_by_user_id).toBe(secondAdmin.id);
  });
});
