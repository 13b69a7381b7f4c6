import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call } from '../../../support/api';
import { createTenant, ownerDb, type TestTenant } from '../../../support/factories';
import { serverActionId } from '../../../support/server-action';
import { sessionCookie } from '../../../support/session';
import { createEndpoint } from './webhook-helpers';

// The admin screen, as the browser gets it: pages rendered for a signed-in session, and a form's server action
// posted the way React posts it (multipart: the arguments in "0", the form's fields prefixed "_1_").
let tenant: TestTenant;
let other: TestTenant;
let endpoint: { id: string; secret: string; url: string };

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  endpoint = (await createEndpoint(tenant, { url: 'http://127.0.0.1:9/screen', description: 'Stock system', eventTypes: ['loan.approved'] })).body;
  const [delivery] = await ownerDb()`insert into webhook_deliveries (organisation_id, endpoint_id, event_id, event_type, payload, status, attempts, last_response_status, delivered_at)
    values (${tenant.id}, ${endpoint.id}, ${randomUUID()}, 'loan.approved', ${ownerDb().json({ type: 'loan.approved', data: {} })}, 'DELIVERED', 1, 204, now()) returning id`;
  await ownerDb()`insert into webhook_delivery_attempts (organisation_id, delivery_id, attempted_at, response_status, duration_ms) values (${tenant.id}, ${delivery!.id}, now(), 204, 12)`;
});

async function page(as: TestTenant, user: { id: string }, path: string) {
  return call('GET', path, { tenant: as.slug, headers: { cookie: await sessionCookie(inject('authSecret'), { id: user.id, organisationId: as.id }) } });
}

describe('the webhooks screen', () => {
  it('lists the endpoints and offers the form to add one, never showing a secret', async () => {
    const response = await page(tenant, tenant.admin, '/admin/webhooks');
    expect(response.status).toBe(200);
    expect(response.text).toContain('Add an endpoint');
    expect(response.text).toContain('http://127.0.0.1:9/screen');
    expect(response.text).toContain('Stock system');
    expect(response.text).toContain('value="loan.overdue"');
    expect(response.text).not.toContain(endpoint.secret.slice(6));
  });

  it("shows an endpoint's settings and delivery log with a redeliver button", async () => {
    const response = await page(tenant, tenant.admin, `/admin/webhooks/${endpoint.id}`);
    expect(response.status).toBe(200);
    expect(response.text).toContain('Delivery log');
    expect(response.text).toContain('Delivered');
    expect(response.text).toContain('Redeliver loan.approved');
    expect(response.text).toContain('Rotate secret');
    expect(response.text).not.toContain(endpoint.secret.slice(6));
  });

  it("answers another organisation's endpoint as not found, and refuses non-admins", async () => {
    expect((await page(other, other.admin, `/admin/webhooks/${endpoint.id}`)).status).toBe(404);
    expect((await page(tenant, tenant.admin, '/admin/webhooks/not-a-uuid')).status).toBe(404);
    expect((await page(tenant, tenant.manager, '/admin/webhooks')).status).toBe(403);
    expect((await page(tenant, tenant.employee, `/admin/webhooks/${endpoint.id}`)).status).toBe(403);
  });

  it('adds an endpoint through the form and shows its secret once', async () => {
    const url = `http://127.0.0.1:9/${randomUUID()}`;
    const form = new FormData();
    form.append('_1_url', url);
    form.append('_1_description', 'Added on screen');
    form.append('_1_eventTypes', 'loan.approved');
    form.append('_1_eventTypes', 'asset.deleted');
    // Last, as React sends it: the server resolves the arguments as the parts stream in.
    form.append('0', '[null,"$K1"]');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const body = Buffer.from(await request.arrayBuffer()).toString('latin1');
    const cookie = await sessionCookie(inject('authSecret'), { id: tenant.admin.id, organisationId: tenant.id });
    const origin = `http://${tenant.slug}.localhost:${new URL(inject('baseUrl')).port}`;

    const response = await call('POST', '/admin/webhooks', {
      tenant: tenant.slug,
      headers: { cookie, origin, 'next-action': serverActionId('lib/transport/portal/actions/webhook-actions.ts', 'createWebhookEndpointAction'), 'content-type': request.headers.get('content-type')! },
      body,
    });

    expect(response.status).toBe(200);
    const secret = /whsec_[A-Za-z0-9+/]{43}=/.exec(response.text)?.[0];
    expect(secret).toBeDefined();
    expect(response.text).toContain('Endpoint added.');
    const [stored] = await ownerDb()`select description, event_types, enabled from webhook_endpoints where organisation_id = ${tenant.id} and url = ${url}`;
    expect(stored).toEqual({ description: 'Added on screen', event_types: ['loan.approved', 'asset.deleted'], enabled: true });
    const list = await page(tenant, tenant.admin, '/admin/webhooks');
    expect(list.text).toContain(url);
    expect(list.text).not.toContain(secret!.slice(6));
  });
});
