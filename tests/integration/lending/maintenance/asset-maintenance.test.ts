import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';

let tenant: TestTenant;
let other: TestTenant;
let managerToken: string;
let employeeToken: string;
let assetId: string;

const path = (id = assetId) => `/api/v1/assets/${id}/maintenance`;

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  [managerToken, employeeToken] = await Promise.all([tenant.manager.token(), tenant.employee.token()]);
  assetId = (await insertAssets(tenant, [{ name: 'Serviced laptop' }]))[0]!;
});

describe('asset maintenance', () => {
  it('adds planned and done entries, lists them with the total cost, and audits each', async () => {
    const planned = await call('POST', path(), {
      tenant: tenant.slug,
      token: managerToken,
      json: { kind: 'INSPECTION', title: 'Yearly safety check', scheduledFor: '2030-03-01' },
    });
    expect(planned.status).toBe(201);
    expect(planned.headers.location).toBe(`${path()}/${planned.body.id}`);
    expect(planned.body).toMatchObject({ assetId, kind: 'INSPECTION', status: 'PLANNED', cost: null, currency: 'EUR', createdByUserId: tenant.manager.id });
    const done = await call('POST', path(), {
      tenant: tenant.slug,
      token: managerToken,
      json: { kind: 'REPAIR', status: 'DONE', title: 'New battery', performedOn: '2026-01-05', cost: '89.90', vendor: 'FixIt' },
    });
    expect(done.status).toBe(201);

    const list = await call('GET', path(), { tenant: tenant.slug, token: employeeToken });
    expect(list.status).toBe(200);
    expect(list.body.data.map((e: { title: string }) => e.title)).toEqual(['Yearly safety check', 'New battery']);
    expect(list.body.totals).toEqual([{ currency: 'EUR', cost: '89.90' }]);

    const stored = await ownerDb()`select title, cost::text as cost from asset_maintenance where asset_id = ${assetId} order by created_at`;
    expect(stored).toEqual([{ title: 'Yearly safety check', cost: null }, { title: 'New battery', cost: '89.90' }]);
    const audit = await ownerDb()`select action, target_id from audit_log where asset_id = ${assetId} order by id`;
    expect(audit).toEqual([
      { action: 'MAINTENANCE_ADDED', target_id: planned.body.id },
      { action: 'MAINTENANCE_ADDED', target_id: done.body.id },
    ]);
  });

  it('marks a planned entry done with its cost and audits the change', async () => {
    const created = await call('POST', path(), { tenant: tenant.slug, token: managerToken, json: { kind: 'SERVICE', title: 'Cleaning', scheduledFor: '2030-01-01' } });
    const entryId = created.body.id as string;
    const refused = await call('PATCH', `${path()}/${entryId}`, { tenant: tenant.slug, token: managerToken, json: { status: 'DONE' } });
    expectEnvelope(refused, 400, 'VALIDATION_ERROR');
    const patched = await call('PATCH', `${path()}/${entryId}`, { tenant: tenant.slug, token: managerToken, json: { status: 'DONE', performedOn: '2026-02-01', cost: 40 } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ status: 'DONE', performedOn: '2026-02-01', cost: '40.00' });
    const [audit] = await ownerDb()`select changes from audit_log where target_id = ${entryId} and action = 'MAINTENANCE_UPDATED'`;
    expect(audit!.changes).toMatchObject({ status: { before: 'PLANNED', after: 'DONE' }, cost: { before: null, after: '40.00' } });
  });

  it('lets employees read but not write', async () => {
    const denied = await call('POST', path(), { tenant: tenant.slug, token: employeeToken, json: { kind: 'SERVICE', title: 'Nope', scheduledFor: '2030-01-01' } });
    expectEnvelope(denied, 403, 'FORBIDDEN');
    const n = (await ownerDb()`select count(*)::int as n from asset_maintenance where title = 'Nope'`)[0]!.n as number;
    expect(n).toBe(0);
  });

  it('rejects invalid entries with 400', async () => {
    const response = await call('POST', path(), { tenant: tenant.slug, token: managerToken, json: { kind: 'PAINT', title: '', cost: -1 } });
    expectEnvelope(response, 400, 'VALIDATION_ERROR');
    const fields = response.body.error.details.issues.map((issue: { path: string }) => issue.path);
    expect(fields).toEqual(expect.arrayContaining(['kind', 'title', 'cost']));
  });

  it('answers 404 for another tenant’s asset and entry', async () => {
    const otherToken = await other.manager.token();
    expectEnvelope(await call('GET', path(), { tenant: other.slug, token: otherToken }), 404, 'ASSET_NOT_FOUND');
    expectEnvelope(await call('POST', path(), { tenant: other.slug, token: otherToken, json: { kind: 'SERVICE', title: 'x', scheduledFor: '2030-01-01' } }), 404, 'ASSET_NOT_FOUND');
    const [entry] = await ownerDb()`select id from asset_maintenance where asset_id = ${assetId} limit 1`;
    const otherAsset = (await insertAssets(other, [{}]))[0]!;
    expectEnvelope(await call('PATCH', `${path(otherAsset)}/${entry!.id as string}`, { tenant: other.slug, token: otherToken, json: { title: 'hijack' } }), 404, 'MAINTENANCE_ENTRY_NOT_FOUND');
  });
});

describe('GET /api/v1/assets/{id}/photo', () => {
  it('serves a stored photo with cache headers, 404 without one and across tenants', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    expectEnvelope(await call('GET', `/api/v1/assets/${assetId}/photo`, { tenant: tenant.slug, token: employeeToken }), 404, 'ASSET_PHOTO_NOT_FOUND');
    await ownerDb()`insert into asset_photos (asset_id, organisation_id, content_type, size_bytes, content, uploaded_by_user_id)
      values (${assetId}, ${tenant.id}, 'image/png', ${png.length}, ${png}, ${tenant.manager.id})`;
    const response = await call('GET', `/api/v1/assets/${assetId}/photo`, { tenant: tenant.slug, token: employeeToken });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('private, max-age=300, must-revalidate');
    expect(response.headers.etag).toMatch(/^".+"$/);
    expectEnvelope(await call('GET', `/api/v1/assets/${assetId}/photo`, { tenant: other.slug, token: await other.employee.token() }), 404, 'ASSET_NOT_FOUND');
  });
});
