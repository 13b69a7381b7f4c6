import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope, type ApiResponse } from '../../../support/api';
import { createTenant, ownerDb, type TestTenant } from '../../../support/factories';

let a: TestTenant;
let b: TestTenant;
let assetA: { id: string; name: string };
let storedBefore: Record<string, unknown>;
let bManager: string;
let bAdmin: string;
const uniqueTerm = `xtenant${randomBytes(6).toString('hex')}`;

const storedRowOfA = async () => (await ownerDb()`select * from assets where id = ${assetA.id}`)[0];

/** An error body with the looked-up id blanked, so "someone else's asset" can be compared with "no such asset". */
function withoutAssetId(response: ApiResponse) {
  return { status: response.status, body: { error: { ...response.body.error, details: { ...response.body.error.details, assetId: '<id>' } } } };
}

beforeAll(async () => {
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  [bManager, bAdmin] = await Promise.all([b.manager.token(), b.admin.token()]);
  const created = await call('POST', '/api/v1/assets', {
    tenant: a.slug,
    token: await a.manager.token(),
    json: { name: `Secret ${uniqueTerm}`, categoryId: a.categoryId, locationId: a.locationId, serialNumber: uniqueTerm, customFields: { ramGb: 64 } },
  });
  expect(created.status).toBe(201);
  assetA = created.body;
  storedBefore = (await storedRowOfA())!;
  // B owns assets of its own, so an empty answer below cannot come from an empty tenant.
  const own = await call('POST', '/api/v1/assets', {
    tenant: b.slug, token: bManager, json: { name: 'B laptop', categoryId: b.categoryId, locationId: b.locationId, customFields: { ramGb: 8 } },
  });
  expect(own.status).toBe(201);
});

describe('assets across tenants', () => {
  it("answers B's GET, PATCH and DELETE of A's asset exactly like an unknown id", async () => {
    const attempts: [string, string, unknown][] = [
      ['GET', bManager, undefined],
      ['PATCH', bManager, { name: 'Hijacked' }],
      ['DELETE', bAdmin, undefined],
    ];
    for (const [method, token, json] of attempts) {
      const foreign = await call(method, `/api/v1/assets/${assetA.id}`, { tenant: b.slug, token, json });
      const missing = await call(method, `/api/v1/assets/${randomUUID()}`, { tenant: b.slug, token, json });
      expectEnvelope(foreign, 404, 'ASSET_NOT_FOUND');
      // The details name B's organisation, never A's: the answer must not confirm the asset exists elsewhere.
      expect(foreign.body.error.details, method).toEqual({ assetId: assetA.id, organisationId: b.id });
      expect(withoutAssetId(foreign), method).toEqual(withoutAssetId(missing));
    }
    expect(await storedRowOfA()).toEqual(storedBefore);
  });

  it("answers B's audit-log request for A's asset with 404", async () => {
    const response = await call('GET', `/api/v1/assets/${assetA.id}/audit-log`, { tenant: b.slug, token: bAdmin });
    expectEnvelope(response, 404, 'ASSET_NOT_FOUND');
    expect(response.body.error.details).toEqual({ assetId: assetA.id, organisationId: b.id });
  });

  it("never lists or finds A's assets in B", async () => {
    const listed = await call('GET', '/api/v1/assets?limit=100', { tenant: b.slug, token: bManager });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((x: { name: string }) => x.name)).toEqual(['B laptop']);
    expect(listed.body.pagination.total).toBe(1);
    for (const q of [uniqueTerm, 'secret', assetA.name]) {
      const found = await call('GET', `/api/v1/assets?q=${encodeURIComponent(q)}`, { tenant: b.slug, token: bManager });
      expect(found.status, q).toBe(200);
      expect(found.body, q).toEqual({ data: [], pagination: { limit: 25, total: 0, nextCursor: null, hasMore: false } });
    }
    const byCategory = await call('GET', `/api/v1/assets?categoryId=${a.categoryId}`, { tenant: b.slug, token: bManager });
    expect(byCategory.body.pagination.total).toBe(0);
    // The same search in A does find it, so the term is not simply unsearchable.
    const inA = await call('GET', `/api/v1/assets?q=${uniqueTerm}`, { tenant: a.slug, token: await a.employee.token() });
    expect(inA.body.data.map((x: { id: string }) => x.id)).toEqual([assetA.id]);
  });

  it("cannot page into A's assets with a cursor naming A's asset", async () => {
    const cursor = Buffer.from(JSON.stringify(['-createdAt', '2999-01-01T00:00:00.000Z', assetA.id])).toString('base64url');
    const response = await call('GET', `/api/v1/assets?cursor=${cursor}`, { tenant: b.slug, token: bManager });
    expect(response.status).toBe(200);
    expect(response.body.data.map((x: { name: string }) => x.name)).toEqual(['B laptop']);
  });

  it("refuses A's token at B's address with 401 and changes nothing", async () => {
    const aToken = await a.admin.token();
    for (const [method, path, json] of [
      ['GET', `/api/v1/assets/${assetA.id}`, undefined],
      ['GET', '/api/v1/assets', undefined],
      ['PATCH', `/api/v1/assets/${assetA.id}`, { name: 'Hijacked' }],
      ['DELETE', `/api/v1/assets/${assetA.id}`, undefined],
    ] as const) {
      const response = await call(method, path, { tenant: b.slug, token: aToken, json });
      expectEnvelope(response, 401, 'UNAUTHENTICATED');
      expect(response.body.error.details, `${method} ${path}`).toEqual({ reason: 'tenant_mismatch' });
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
    }
    expect(await storedRowOfA()).toEqual(storedBefore);
  });

  it("lets B reuse A's inventory number: uniqueness is per tenant and must not reveal A's numbers", async () => {
    const response = await call('POST', '/api/v1/assets', {
      tenant: b.slug, token: bManager,
      json: { name: 'B copy', categoryId: b.categoryId, locationId: b.locationId, inventoryNumber: storedBefore.inventory_number, customFields: { ramGb: 8 } },
    });
    expect(response.status, response.text).toBe(201);
    const stored = await ownerDb()`select organisation_id from assets where inventory_number = ${storedBefore.inventory_number as string} order by organisation_id`;
    expect(stored.map((r) => r.organisation_id).sort()).toEqual([a.id, b.id].sort());
  });

  it("leaves no trace of B's attempts in either audit log", async () => {
    const entries = await ownerDb()`select organisation_id, action from audit_log where asset_id = ${assetA.id} or target_id = ${assetA.id}`;
    expect(entries).toEqual([{ organisation_id: a.id, action: 'ASSET_CREATED' }]);
    expect(await storedRowOfA()).toEqual(storedBefore);
  });
});
