import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, ownerDb, type TestTenant } from '../../../support/factories';

type Entry = { id: string; occurredAt: string; action: string; requestId: string };

let tenant: TestTenant;
let managerToken: string;
let assetId: string;
let requestIds: string[];

const auditLog = (query = '', token = managerToken, id = assetId) =>
  call('GET', `/api/v1/assets/${id}/audit-log${query}`, { tenant: tenant.slug, token });

beforeAll(async () => {
  tenant = await createTenant();
  managerToken = await tenant.manager.token();
  const created = await call('POST', '/api/v1/assets', {
    tenant: tenant.slug, token: managerToken,
    json: { name: 'Audited', categoryId: tenant.categoryId, locationId: tenant.locationId, customFields: { ramGb: 8 } },
  });
  expect(created.status).toBe(201);
  assetId = created.body.id;
  requestIds = [created.headers['x-request-id'] as string];
  for (const name of ['Audited v2', 'Audited v3', 'Audited v4']) {
    const patched = await call('PATCH', `/api/v1/assets/${assetId}`, { tenant: tenant.slug, token: managerToken, json: { name } });
    expect(patched.status).toBe(200);
    requestIds.push(patched.headers['x-request-id'] as string);
  }
  // Another asset's history must not show up in this one's log.
  const unrelated = await call('POST', '/api/v1/assets', {
    tenant: tenant.slug, token: managerToken,
    json: { name: 'Unrelated', categoryId: tenant.categoryId, locationId: tenant.locationId, customFields: { ramGb: 8 } },
  });
  expect(unrelated.status).toBe(201);
});

describe('GET /api/v1/assets/{id}/audit-log', () => {
  it('lists the asset’s entries newest first with actor, action, target, changes and requestId', async () => {
    const response = await auditLog();
    expect(response.status).toBe(200);
    expect(response.body.pagination).toEqual({ limit: 25, total: 4, nextCursor: null, hasMore: false });
    const entries = response.body.data as Entry[];
    expect(entries.map((e) => e.action)).toEqual(['ASSET_UPDATED', 'ASSET_UPDATED', 'ASSET_UPDATED', 'ASSET_CREATED']);
    expect(entries.map((e) => e.requestId)).toEqual([...requestIds].reverse());
    const ids = entries.map((e) => BigInt(e.id));
    expect([...ids].sort((x, y) => (x > y ? -1 : 1))).toEqual(ids);
    expect(entries[0]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      actor: { type: 'USER', userId: tenant.manager.id },
      action: 'ASSET_UPDATED',
      target: { type: 'ASSET', id: assetId },
      assetId,
      changes: { name: { before: 'Audited v3', after: 'Audited v4' } },
      metadata: {},
      requestId: requestIds[3],
    });
    expect(entries[3]!).toMatchObject({ action: 'ASSET_CREATED', changes: { name: { before: null, after: 'Audited' } } });
    const stored = await ownerDb()`select id::text as id from audit_log where asset_id = ${assetId} order by id desc`;
    expect(stored.map((r) => r.id)).toEqual(entries.map((e) => e.id));
  });

  it('refuses an EMPLOYEE with 403', async () => {
    expectEnvelope(await auditLog('', await tenant.employee.token()), 403, 'FORBIDDEN');
  });

  it('pages by cursor without gaps or repeats', async () => {
    const all = ((await auditLog()).body.data as Entry[]).map((e) => e.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await auditLog(`?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(response.status).toBe(200);
      expect(response.body.pagination.total).toBe(4);
      seen.push(...(response.body.data as Entry[]).map((e) => e.id));
      cursor = response.body.pagination.nextCursor;
      pages++;
    } while (cursor && pages < 5);
    expect(pages).toBe(2);
    expect(seen).toEqual(all);
    const assetCursor = Buffer.from(JSON.stringify(['2026-01-01T00:00:00.000Z', assetId])).toString('base64url');
    expectEnvelope(await auditLog(`?cursor=${assetCursor}`), 400, 'VALIDATION_ERROR');
    expectEnvelope(await auditLog('?cursor=garbage'), 400, 'VALIDATION_ERROR');
  });

  it('filters by period: from is inclusive, to is exclusive', async () => {
    const entries = (await auditLog()).body.data as Entry[];
    const pivot = entries[1]!.occurredAt;
    const from = await auditLog(`?from=${encodeURIComponent(pivot)}`);
    expect(from.status).toBe(200);
    expect((from.body.data as Entry[]).map((e) => e.id)).toEqual(entries.filter((e) => e.occurredAt >= pivot).map((e) => e.id));
    expect(from.body.pagination.total).toBe(entries.filter((e) => e.occurredAt >= pivot).length);
    const to = await auditLog(`?to=${encodeURIComponent(pivot)}`);
    expect((to.body.data as Entry[]).map((e) => e.id)).toEqual(entries.filter((e) => e.occurredAt < pivot).map((e) => e.id));
    const future = await auditLog('?from=2999-01-01T00:00:00Z');
    expect(future.body).toEqual({ data: [], pagination: { limit: 25, total: 0, nextCursor: null, hasMore: false } });
    const withOffset = await auditLog(`?from=${encodeURIComponent('2000-01-01T00:00:00+02:00')}&to=${encodeURIComponent('2999-01-01T00:00:00+02:00')}`);
    expect(withOffset.body.pagination.total).toBe(4);
    for (const bad of ['?from=yesterday', '?to=2026-01-01', '?action=ASSET_CREATED', '?from=2000-01-01T00:00:00Z&from=2001-01-01T00:00:00Z']) {
      expectEnvelope(await auditLog(bad), 400, 'VALIDATION_ERROR');
    }
  });

  it('answers 404 once the asset is deleted, while its entries stay in audit_log', async () => {
    const deleted = await call('DELETE', `/api/v1/assets/${assetId}`, { tenant: tenant.slug, token: await tenant.admin.token() });
    expect(deleted.status).toBe(204);
    const response = await auditLog();
    expectEnvelope(response, 404, 'ASSET_NOT_FOUND');
    expect(response.body.error.details).toEqual({ assetId, organisationId: tenant.id });
    const stored = await ownerDb()`select action from audit_log where asset_id = ${assetId} order by id`;
    expect(stored.map((r) => r.action)).toEqual(['ASSET_CREATED', 'ASSET_UPDATED', 'ASSET_UPDATED', 'ASSET_UPDATED', 'ASSET_DELETED']);
    // The history stays reachable for admins through the tenant-wide log.
    const tenantLog = await call('GET', `/api/v1/audit-log?targetId=${assetId}`, { tenant: tenant.slug, token: await tenant.admin.token() });
    expect(tenantLog.status).toBe(200);
    expect(tenantLog.body.data.map((e: Entry) => e.action)).toEqual(['ASSET_DELETED', 'ASSET_UPDATED', 'ASSET_UPDATED', 'ASSET_UPDATED', 'ASSET_CREATED']);
  });
});
