import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';
import { day, loanAction, requestLoan } from '../../lending/loans/loan-helpers';
import { createEndpoint, deliveryRows } from './webhook-helpers';

// The API of outbound webhooks. Deliveries written here stay pending: only deliver-webhooks.test.ts runs the job,
// with clocks decades in the past, so it never sends them.
let tenant: TestTenant;
let other: TestTenant;
let adminToken: string;

const secretPattern = /^whsec_[A-Za-z0-9+/]{43}=$/;
const base = '/api/v1/webhook-endpoints';

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  adminToken = await tenant.admin.token();
});

const api = (method: string, path: string, json?: unknown, as: TestTenant = tenant, token = adminToken) => call(method, path, { tenant: as.slug, token, ...(json === undefined ? {} : { json }) });

describe('registering endpoints', () => {
  it('creates an endpoint with a secret shown once, stored encrypted, and audited without it', async () => {
    const response = await createEndpoint(tenant, { url: 'http://127.0.0.1:9/hooks', description: 'ERP', eventTypes: ['loan.approved', 'asset.created'] });

    expect(response.status).toBe(201);
    expect(response.headers.location).toBe(`${base}/${response.body.id}`);
    expect(response.body).toEqual({
      id: expect.any(String),
      url: 'http://127.0.0.1:9/hooks',
      description: 'ERP',
      eventTypes: ['loan.approved', 'asset.created'],
      enabled: true,
      previousSecretExpiresAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      secret: expect.stringMatching(secretPattern),
    });
    const { id, secret } = response.body as { id: string; secret: string };

    const read = await api('GET', `${base}/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).not.toHaveProperty('secret');
    expect(read.text).not.toContain(secret.slice(6));
    const list = await api('GET', base);
    expect(list.body.data.map((e: { id: string }) => e.id)).toContain(id);
    expect(list.text).not.toContain(secret.slice(6));

    const [stored] = await ownerDb()`select secret, previous_secret, organisation_id from webhook_endpoints where id = ${id}`;
    expect(stored!.organisation_id).toBe(tenant.id);
    expect(stored!.previous_secret).toBeNull();
    const bytes = stored!.secret as Buffer;
    expect(bytes[0]).toBe(0x02); // FLE1 -Random BinData subtype 6 payload
    expect(bytes.includes(Buffer.from(secret))).toBe(false);
    expect(bytes.includes(Buffer.from(secret.slice(6), 'base64'))).toBe(false);

    const audit = await ownerDb()`select action, actor_user_id, changes from audit_log where target_id = ${id}`;
    expect(audit).toEqual([{ action: 'WEBHOOK_ENDPOINT_CREATED', actor_user_id: tenant.admin.id, changes: expect.objectContaining({ url: { before: null, after: 'http://127.0.0.1:9/hooks' } }) }]);
    expect(JSON.stringify(audit)).not.toContain(secret.slice(6));
  });

  it('updates, disables and deletes an endpoint, recording each change', async () => {
    const { body: endpoint } = await createEndpoint(tenant, { url: 'http://127.0.0.1:9/a', eventTypes: ['loan.returned'] });

    const patched = await api('PATCH', `${base}/${endpoint.id}`, { url: 'http://localhost:9/b', eventTypes: ['loan.returned', 'loan.overdue'], enabled: false, description: null });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ url: 'http://localhost:9/b', eventTypes: ['loan.returned', 'loan.overdue'], enabled: false, description: null });
    expect(patched.body).not.toHaveProperty('secret');
    const [stored] = await ownerDb()`select url, enabled, event_types from webhook_endpoints where id = ${endpoint.id}`;
    expect(stored).toEqual({ url: 'http://localhost:9/b', enabled: false, event_types: ['loan.returned', 'loan.overdue'] });

    expect((await api('DELETE', `${base}/${endpoint.id}`)).status).toBe(204);
    expectEnvelope(await api('GET', `${base}/${endpoint.id}`), 404, 'WEBHOOK_ENDPOINT_NOT_FOUND');
    const actions = await ownerDb()`select action from audit_log where target_id = ${endpoint.id} order by id`;
    expect(actions.map((a) => a.action)).toEqual(['WEBHOOK_ENDPOINT_CREATED', 'WEBHOOK_ENDPOINT_UPDATED', 'WEBHOOK_ENDPOINT_DELETED']);
  });

  it('rotates the secret: a new one shown once, the old one kept as the previous secret for 24 hours', async () => {
    const { body: endpoint } = await createEndpoint(tenant, { url: 'http://127.0.0.1:9/r', eventTypes: ['loan.approved'] });
    const [before] = await ownerDb()`select secret from webhook_endpoints where id = ${endpoint.id}`;

    const rotated = await api('POST', `${base}/${endpoint.id}/rotate-secret`);

    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(secretPattern);
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    const expires = Date.parse(rotated.body.previousSecretExpiresAt);
    expect(expires - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    const [after] = await ownerDb()`select secret, previous_secret, previous_secret_expires_at from webhook_endpoints where id = ${endpoint.id}`;
    expect(Buffer.compare(after!.previous_secret, before!.secret)).toBe(0);
    expect(Buffer.compare(after!.secret, before!.secret)).not.toBe(0);
    expect((await api('GET', `${base}/${endpoint.id}`)).body.previousSecretExpiresAt).toBe(rotated.body.previousSecretExpiresAt);
    const [audit] = await ownerDb()`select action, changes from audit_log where target_id = ${endpoint.id} and action = 'WEBHOOK_ENDPOINT_SECRET_ROTATED'`;
    expect(audit!.changes).toEqual({});
  });

  it('refuses more than 20 endpoints per organisation', async () => {
    const crowded = await createTenant();
    for (let i = 0; i < 20; i++) expect((await createEndpoint(crowded, { url: `http://127.0.0.1:9/${i}`, eventTypes: ['asset.created'] })).status).toBe(201);
    expectEnvelope(await createEndpoint(crowded, { url: 'http://127.0.0.1:9/21', eventTypes: ['asset.created'] }), 409, 'WEBHOOK_ENDPOINT_LIMIT');
    const [count] = await ownerDb()`select count(*)::int as n from webhook_endpoints where organisation_id = ${crowded.id}`;
    expect(count!.n).toBe(20);
  });
});

describe('bad input', () => {
  it.each([
    [{ url: 'http://127.0.0.1:9/x' }, 'eventTypes'],
    [{ url: 'http://127.0.0.1:9/x', eventTypes: [] }, 'eventTypes'],
    [{ url: 'http://127.0.0.1:9/x', eventTypes: ['loan.exploded'] }, 'eventTypes.0'],
    [{ url: 'http://127.0.0.1:9/x', eventTypes: ['loan.approved', 'loan.approved'] }, 'eventTypes'],
    [{ eventTypes: ['loan.approved'] }, 'url'],
    [{ url: 'http://127.0.0.1:9/x', eventTypes: ['loan.approved'], secret: 'whsec_mine' }, ''],
  ])('answers 400 VALIDATION_ERROR for %j and stores nothing', async (json, path) => {
    const before = await ownerDb()`select count(*)::int as n from webhook_endpoints where organisation_id = ${tenant.id}`;
    const response = await createEndpoint(tenant, json);
    expectEnvelope(response, 400, 'VALIDATION_ERROR');
    expect(response.body.error.details.issues.map((issue: { path: string }) => issue.path)).toContain(path);
    const after = await ownerDb()`select count(*)::int as n from webhook_endpoints where organisation_id = ${tenant.id}`;
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it.each([
    ['not a url', 'invalid_url'],
    ['ftp://127.0.0.1/x', 'invalid_url'],
    ['http://user:s3cr3t-pw@127.0.0.1:9/x', 'credentials_in_url'],
  ])('refuses the URL %s with the reason %s on the url field', async (url, reason) => {
    const response = await createEndpoint(tenant, { url, eventTypes: ['loan.approved'] });
    expectEnvelope(response, 400, 'VALIDATION_ERROR');
    expect(response.body.error.details.issues).toEqual([{ path: 'url', code: reason, message: expect.any(String) }]);
    expect(response.text).not.toContain('s3cr3t-pw');
  });

  it('answers 400 for an empty PATCH, a malformed id, an unknown status filter and a bad cursor', async () => {
    const { body: endpoint } = await createEndpoint(tenant, { url: 'http://127.0.0.1:9/v', eventTypes: ['loan.approved'] });
    expectEnvelope(await api('PATCH', `${base}/${endpoint.id}`, {}), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('PATCH', `${base}/${endpoint.id}`, { url: 'http://a:b@127.0.0.1/' }), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('GET', `${base}/not-a-uuid`), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('GET', `${base}/${endpoint.id}/deliveries?status=LOST`), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('GET', `${base}/${endpoint.id}/deliveries?cursor=garbage`), 400, 'VALIDATION_ERROR');
    const [stored] = await ownerDb()`select url from webhook_endpoints where id = ${endpoint.id}`;
    expect(stored!.url).toBe('http://127.0.0.1:9/v');
  });

  it('answers 405 with Allow for methods a path does not support', async () => {
    const response = await api('PUT', base, {});
    expectEnvelope(response, 405, 'METHOD_NOT_ALLOWED');
    expect(response.headers.allow).toBe('GET, POST');
  });
});

describe('roles and tenants', () => {
  it.each(['manager', 'employee'] as const)('refuses the %s with 403 and changes nothing', async (who) => {
    const token = await tenant[who].token();
    expectEnvelope(await call('GET', base, { tenant: tenant.slug, token }), 403, 'FORBIDDEN');
    const created = await call('POST', base, { tenant: tenant.slug, token, json: { url: 'http://127.0.0.1:9/x', eventTypes: ['loan.approved'] } });
    expectEnvelope(created, 403, 'FORBIDDEN');
    expect(created.body.error.details).toEqual({ requiredRole: 'ADMIN' });
    const [row] = await ownerDb()`select count(*)::int as n from webhook_endpoints where organisation_id = ${tenant.id} and url = 'http://127.0.0.1:9/x'`;
    expect(row!.n).toBe(0);
  });

  it("answers 404 for another organisation's endpoint on every operation and leaves it as it was", async () => {
    const { body: theirs } = await createEndpoint(other, { url: 'http://127.0.0.1:9/theirs', eventTypes: ['loan.approved'] });
    const [delivery] = await ownerDb()`insert into webhook_deliveries (organisation_id, endpoint_id, event_id, event_type, payload, status)
      values (${other.id}, ${theirs.id}, ${randomUUID()}, 'loan.approved', ${ownerDb().json({ type: 'loan.approved' })}, 'DELIVERED') returning id`;
    const item = `${base}/${theirs.id}`;
    for (const [method, path, json] of [
      ['GET', item],
      ['PATCH', item, { enabled: false }],
      ['DELETE', item],
      ['POST', `${item}/rotate-secret`],
      ['POST', `${item}/test`],
      ['GET', `${item}/deliveries`],
      ['GET', `${item}/deliveries/${delivery!.id}`],
      ['POST', `${item}/deliveries/${delivery!.id}/redeliver`],
    ] as const) {
      const response = await api(method, path, json);
      expectEnvelope(response, 404, 'WEBHOOK_ENDPOINT_NOT_FOUND');
    }
    const [stored] = await ownerDb()`select enabled, previous_secret from webhook_endpoints where id = ${theirs.id}`;
    expect(stored).toEqual({ enabled: true, previous_secret: null });
    expect(await deliveryRows(other.id)).toHaveLength(1);
  });

  it("answers 404 for a delivery of another of the tenant's endpoints", async () => {
    const { body: first } = await createEndpoint(tenant, { url: 'http://127.0.0.1:9/one', eventTypes: ['loan.approved'] });
    const { body: second } = await createEndpoint(tenant, { url: 'http://127.0.0.1:9/two', eventTypes: ['loan.approved'] });
    const test = await api('POST', `${base}/${first.id}/test`);
    expectEnvelope(await api('GET', `${base}/${second.id}/deliveries/${test.body.id}`), 404, 'WEBHOOK_DELIVERY_NOT_FOUND');
    expectEnvelope(await api('GET', `${base}/${first.id}/deliveries/${randomUUID()}`), 404, 'WEBHOOK_DELIVERY_NOT_FOUND');
  });
});

describe('events written with the change that causes them', () => {
  it('writes one delivery per enabled, subscribed endpoint, in the same transaction as the loan change', async () => {
    const shop = await createTenant();
    const { body: loans } = await createEndpoint(shop, { url: 'http://127.0.0.1:9/loans', eventTypes: ['loan.requested', 'loan.approved'] });
    const { body: assets } = await createEndpoint(shop, { url: 'http://127.0.0.1:9/assets', eventTypes: ['asset.created'] });
    await createEndpoint(shop, { url: 'http://127.0.0.1:9/off', eventTypes: ['loan.requested', 'loan.approved', 'asset.created'], enabled: false });
    const [assetId] = await insertAssets(shop, [{ name: 'Projector' }]);

    const requested = await requestLoan(shop, await shop.employee.token(), { assetId: assetId!, startDate: day(1), endDate: day(3), purpose: 'Board meeting with Ms Private' });
    expect(requested.status).toBe(201);
    // A second request for the same days: filed, but once the first is approved its approval is refused (409), and
    // that change rolls back with its event.
    const clash = await requestLoan(shop, await shop.admin.token(), { assetId: assetId!, startDate: day(2), endDate: day(2) });
    expect(clash.status).toBe(201);
    const approved = await loanAction(shop, await shop.manager.token(), requested.body.id, 'approve');
    expect(approved.status).toBe(200);
    expectEnvelope(await loanAction(shop, await shop.manager.token(), clash.body.id, 'approve'), 409, 'LOAN_CONFLICT');
    const created = await call('POST', '/api/v1/assets', { tenant: shop.slug, token: await shop.manager.token(), json: { name: 'Camera', categoryId: shop.categoryId, locationId: shop.locationId, customFields: { ramGb: 8 } } });
    expect(created.status).toBe(201);

    const rows = await deliveryRows(shop.id);
    expect(rows.map((row) => [row.endpoint_id, row.event_type, row.status, row.attempts])).toEqual([
      [loans.id, 'loan.requested', 'PENDING', 0],
      [loans.id, 'loan.requested', 'PENDING', 0],
      [loans.id, 'loan.approved', 'PENDING', 0],
      [assets.id, 'asset.created', 'PENDING', 0],
    ]);
    expect(rows.map((row) => row.payload.data.loan?.id ?? row.payload.data.asset.id)).toEqual([requested.body.id, clash.body.id, requested.body.id, created.body.id]);
    const approval = rows[2]!;
    expect(approval.payload).toEqual({
      type: 'loan.approved',
      timestamp: expect.any(String),
      data: { loan: { ...approved.body, purpose: undefined, rejectionReason: undefined, cancellationReason: undefined } },
    });
    expect(Object.keys(approval.payload.data.loan)).not.toContain('purpose');
    expect(Object.keys(approval.payload.data.loan)).not.toContain('cancellationReason');
    expect(JSON.stringify(rows.map((row) => row.payload))).not.toContain('Ms Private');
    expect(rows[3]!.payload).toMatchObject({ type: 'asset.created', data: { asset: { id: created.body.id, name: 'Camera', status: 'AVAILABLE' } } });
    expect(new Set(rows.map((row) => row.event_id)).size).toBe(4);
  });

  it('writes asset events for a creation, an edit, a bulk move and a deletion', async () => {
    const shop = await createTenant();
    const { body: endpoint } = await createEndpoint(shop, { url: 'http://127.0.0.1:9/assets', eventTypes: ['asset.created', 'asset.updated', 'asset.deleted'] });
    const token = await shop.admin.token();
    const [store] = await ownerDb()`insert into locations (organisation_id, name) values (${shop.id}, 'Store room') returning id`;
    const created = await call('POST', '/api/v1/assets', { tenant: shop.slug, token, json: { name: 'Tripod', categoryId: shop.categoryId, locationId: shop.locationId, customFields: { ramGb: 1 } } });
    const id = created.body.id as string;
    expect((await call('PATCH', `/api/v1/assets/${id}`, { tenant: shop.slug, token, json: { name: 'Tripod XL' } })).status).toBe(200);
    expect((await call('PATCH', `/api/v1/assets/${id}`, { tenant: shop.slug, token, json: { name: 'Tripod XL' } })).status).toBe(200);
    expect((await call('POST', '/api/v1/assets/bulk-move', { tenant: shop.slug, token, json: { assetIds: [id], locationId: store!.id } })).status).toBe(200);
    expect((await call('DELETE', `/api/v1/assets/${id}`, { tenant: shop.slug, token })).status).toBe(204);

    const rows = await deliveryRows(shop.id);
    expect(rows.map((row) => [row.endpoint_id, row.event_type, row.payload.data.asset.id, row.payload.data.asset.name, row.payload.data.asset.locationId])).toEqual([
      [endpoint.id, 'asset.created', id, 'Tripod', shop.locationId],
      [endpoint.id, 'asset.updated', id, 'Tripod XL', shop.locationId],
      [endpoint.id, 'asset.updated', id, 'Tripod XL', store!.id],
      [endpoint.id, 'asset.deleted', id, 'Tripod XL', store!.id],
    ]);
  });

  it('writes nothing for a tenant without endpoints', async () => {
    const quiet = await createTenant();
    const [assetId] = await insertAssets(quiet, [{}]);
    const requested = await requestLoan(quiet, await quiet.employee.token(), { assetId: assetId! });
    expect(requested.status).toBe(201);
    expect((await loanAction(quiet, await quiet.manager.token(), requested.body.id, 'approve')).status).toBe(200);
    expect(await deliveryRows(quiet.id)).toHaveLength(0);
  });
});

describe('test events, the delivery log and redelivery', () => {
  it('queues a webhook.test delivery (202) that the log lists, and refuses to redeliver it while pending', async () => {
    const { body: endpoint } = await createEndpoint(tenant, { url: 'http://127.0.0.1:9/t', eventTypes: ['asset.deleted'] });

    const test = await api('POST', `${base}/${endpoint.id}/test`);
    expect(test.status).toBe(202);
    expect(test.headers.location).toBe(`${base}/${endpoint.id}/deliveries/${test.body.id}`);
    expect(test.body).toMatchObject({ endpointId: endpoint.id, eventType: 'webhook.test', status: 'PENDING', attemptCount: 0, attempts: [], redeliveryOf: null });
    expect(test.body.payload).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.id } });

    const log = await api('GET', `${base}/${endpoint.id}/deliveries`);
    expect(log.status).toBe(200);
    expect(log.body.data.map((d: { id: string }) => d.id)).toEqual([test.body.id]);
    expect(log.body.pagination).toMatchObject({ total: 1, hasMore: false });
    expect(log.text).not.toMatch(/whsec_|webhook-signature/);
    expect((await api('GET', `${base}/${endpoint.id}/deliveries?status=DELIVERED`)).body.data).toEqual([]);

    expectEnvelope(await api('POST', `${base}/${endpoint.id}/deliveries/${test.body.id}/redeliver`), 409, 'WEBHOOK_DELIVERY_PENDING');
  });

  it('refuses a test event and a redelivery to a disabled endpoint', async () => {
    const { body: endpoint } = await createEndpoint(tenant, { url: 'http://127.0.0.1:9/d', eventTypes: ['asset.deleted'], enabled: false });
    const [delivery] = await ownerDb()`insert into webhook_deliveries (organisation_id, endpoint_id, event_id, event_type, payload, status)
      values (${tenant.id}, ${endpoint.id}, ${randomUUID()}, 'asset.deleted', ${ownerDb().json({ type: 'asset.deleted' })}, 'FAILED') returning id`;
    expectEnvelope(await api('POST', `${base}/${endpoint.id}/test`), 409, 'WEBHOOK_ENDPOINT_DISABLED');
    expectEnvelope(await api('POST', `${base}/${endpoint.id}/deliveries/${delivery!.id}/redeliver`), 409, 'WEBHOOK_ENDPOINT_DISABLED');
    expect(await ownerDb()`select id from webhook_deliveries where endpoint_id = ${endpoint.id}`).toHaveLength(1);
  });
});
