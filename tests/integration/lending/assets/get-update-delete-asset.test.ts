import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, ownerDb, type TestTenant } from '../../../support/factories';

let tenant: TestTenant;
let managerToken: string;
let employeeToken: string;
let adminToken: string;
let monitorsCategoryId: string;

const as = (token: string) => ({ tenant: tenant.slug, token });

async function createAsset(overrides: Record<string, unknown> = {}) {
  const response = await call('POST', '/api/v1/assets', {
    ...as(managerToken),
    json: { name: 'Dell XPS 13', categoryId: tenant.categoryId, locationId: tenant.locationId, customFields: { ramGb: 16, os: 'Linux' }, ...overrides },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as Record<string, any>;
}

const storedRow = async (id: string) =>
  (await ownerDb()`select name, status, category_id, location_id, inventory_number, serial_number, value::text as value,
    purchase_date::text as purchase_date, custom_fields, updated_at from assets where id = ${id}`)[0];
const auditRows = (id: string) => ownerDb()`select action, actor_user_id, changes, request_id from audit_log where asset_id = ${id} order by id`;

beforeAll(async () => {
  tenant = await createTenant();
  [managerToken, employeeToken, adminToken] = await Promise.all([tenant.manager.token(), tenant.employee.token(), tenant.admin.token()]);
  const fields = [{ key: 'sizeInch', label: 'Size (inch)', type: 'number', required: true }];
  const [category] = await ownerDb()`insert into categories (organisation_id, name, custom_fields) values (${tenant.id}, 'Monitors', ${ownerDb().json(fields)}) returning id`;
  monitorsCategoryId = category!.id;
});

describe('GET /api/v1/assets/{id}', () => {
  it('answers the full asset with warrantyExpiresOn = purchaseDate + warrantyMonths (clamped to month end)', async () => {
    const created = await createAsset({
      inventoryNumber: 'GET-001', serialNumber: 'SN-1', manufacturer: 'Dell', model: 'XPS', purchaseDate: '2023-01-31', value: '999.9',
      supplier: 'ACME', warrantyMonths: 13, ownerId: tenant.employee.id, photoUrl: 'https://example.test/p.png',
    });
    const response = await call('GET', `/api/v1/assets/${created.id}`, as(employeeToken));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: created.id, name: 'Dell XPS 13', categoryId: tenant.categoryId, locationId: tenant.locationId, status: 'AVAILABLE',
      inventoryNumber: 'GET-001', photoUrl: 'https://example.test/p.png', serialNumber: 'SN-1',
      manufacturer: 'Dell', model: 'XPS', purchaseDate: '2023-01-31', value: '999.90', currency: 'EUR', supplier: 'ACME',
      warrantyMonths: 13, warrantyExpiresOn: '2024-02-29', ownerId: tenant.employee.id, customFields: { ramGb: 16, os: 'Linux' }, labelIssuedAt: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/), updatedAt: expect.stringMatching(/Z$/),
    });
    expect(await storedRow(created.id)).toMatchObject({ purchase_date: '2023-01-31', value: '999.90', inventory_number: 'GET-001' });
    const plain = await createAsset({ purchaseDate: '2024-05-10' });
    expect((await call('GET', `/api/v1/assets/${plain.id}`, as(employeeToken))).body).toMatchObject({ warrantyMonths: null, warrantyExpiresOn: null });
  });

  it('answers 404 ASSET_NOT_FOUND with assetId and organisationId for an unknown id', async () => {
    const id = randomUUID();
    const response = await call('GET', `/api/v1/assets/${id}`, as(employeeToken));
    expectEnvelope(response, 404, 'ASSET_NOT_FOUND');
    expect(response.body.error.details).toEqual({ assetId: id, organisationId: tenant.id });
  });

  it('answers 400 for an id that is not a uuid', async () => {
    const response = await call('GET', '/api/v1/assets/not-a-uuid', as(employeeToken));
    expectEnvelope(response, 400, 'VALIDATION_ERROR');
    expect(response.body.error.details).toMatchObject({ location: 'path', issues: [expect.objectContaining({ path: 'id' })] });
  });
});

describe('PATCH /api/v1/assets/{id}', () => {
  const patch = (id: string, json: unknown, token = managerToken) => call('PATCH', `/api/v1/assets/${id}`, { ...as(token), json });

  it('changes only the given fields and audits only those, with the request id', async () => {
    const asset = await createAsset({ serialNumber: 'KEEP-ME', value: 100 });
    const response = await patch(asset.id, { name: 'Renamed', status: 'MAINTENANCE', value: '100.00' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...asset, name: 'Renamed', status: 'MAINTENANCE', updatedAt: expect.any(String) });
    expect(await storedRow(asset.id)).toMatchObject({ name: 'Renamed', status: 'MAINTENANCE', serial_number: 'KEEP-ME', value: '100.00' });
    const audit = await auditRows(asset.id);
    expect(audit.map((a) => a.action)).toEqual(['ASSET_CREATED', 'ASSET_UPDATED']);
    expect(audit[1]).toEqual({
      action: 'ASSET_UPDATED', actor_user_id: tenant.manager.id, request_id: response.headers['x-request-id'],
      changes: { name: { before: 'Dell XPS 13', after: 'Renamed' }, status: { before: 'AVAILABLE', after: 'MAINTENANCE' } },
    });
  });

  it('writes no audit entry when nothing changes', async () => {
    const asset = await createAsset({ inventoryNumber: 'SAME-1' });
    const response = await patch(asset.id, { name: asset.name, inventoryNumber: 'SAME-1', customFields: { os: 'Linux' } });
    expect(response.status).toBe(200);
    expect((await auditRows(asset.id)).map((a) => a.action)).toEqual(['ASSET_CREATED']);
  });

  it('merges customFields key by key; null removes a key; a required key cannot be removed', async () => {
    const asset = await createAsset();
    const merged = await patch(asset.id, { customFields: { os: 'Windows' } });
    expect(merged.body.customFields).toEqual({ ramGb: 16, os: 'Windows' });
    const removed = await patch(asset.id, { customFields: { os: null } });
    expect(removed.status).toBe(200);
    expect(removed.body.customFields).toEqual({ ramGb: 16 });
    expect((await storedRow(asset.id))!.custom_fields).toEqual({ ramGb: 16 });
    const required = await patch(asset.id, { customFields: { ramGb: null } });
    expectEnvelope(required, 400, 'VALIDATION_ERROR');
    expect(required.body.error.details.issues).toEqual([expect.objectContaining({ path: 'customFields.ramGb', code: 'required' })]);
    expect((await storedRow(asset.id))!.custom_fields).toEqual({ ramGb: 16 });
    const audit = await auditRows(asset.id);
    expect(audit.at(-1)!.changes).toEqual({ customFields: { before: { ramGb: 16, os: 'Windows' }, after: { ramGb: 16 } } });
  });

  it('revalidates custom fields against the new category when categoryId changes', async () => {
    const asset = await createAsset();
    const stale = await patch(asset.id, { categoryId: monitorsCategoryId });
    expectEnvelope(stale, 400, 'VALIDATION_ERROR');
    expect(stale.body.error.details.issues.map((i: { path: string; code: string }) => `${i.path}:${i.code}`).sort()).toEqual([
      'customFields.os:unknown_field', 'customFields.ramGb:unknown_field', 'customFields.sizeInch:required',
    ]);
    expect((await storedRow(asset.id))!.category_id).toBe(tenant.categoryId);
    const moved = await patch(asset.id, { categoryId: monitorsCategoryId, customFields: { ramGb: null, os: null, sizeInch: 27 } });
    expect(moved.status).toBe(200);
    expect(await storedRow(asset.id)).toMatchObject({ category_id: monitorsCategoryId, custom_fields: { sizeInch: 27 } });
  });

  it('answers 409 for a duplicate inventoryNumber and stores nothing', async () => {
    await createAsset({ inventoryNumber: 'TAKEN-1' });
    const asset = await createAsset({ inventoryNumber: 'MINE-1' });
    const response = await patch(asset.id, { inventoryNumber: 'TAKEN-1', name: 'Should not stick' });
    expectEnvelope(response, 409, 'INVENTORY_NUMBER_CONFLICT');
    expect(await storedRow(asset.id)).toMatchObject({ inventory_number: 'MINE-1', name: 'Dell XPS 13' });
    expect(await auditRows(asset.id)).toHaveLength(1);
  });

  it('answers 400 for an empty body, an unknown field, a read-only field and a bad value', async () => {
    const asset = await createAsset();
    for (const body of [{}, { colour: 'red' }, { qrCodeToken: 'x' }, { id: randomUUID() }, { organisationId: randomUUID() }, { createdAt: '2020-01-01T00:00:00Z' }, { status: 'LOST' }, { name: '' }, { value: '12.345' }]) {
      const response = await patch(asset.id, body);
      expectEnvelope(response, 400, 'VALIDATION_ERROR');
    }
    expect((await call('PATCH', `/api/v1/assets/${asset.id}`, { ...as(managerToken), body: '[]', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    const before = await storedRow(asset.id);
    expect(before).toMatchObject({ name: 'Dell XPS 13', status: 'AVAILABLE' });
    expect(await auditRows(asset.id)).toHaveLength(1);
  });

  it('refuses an EMPLOYEE with 403 and leaves the row unchanged', async () => {
    const asset = await createAsset();
    const before = await storedRow(asset.id);
    expectEnvelope(await patch(asset.id, { name: 'Employee edit' }, employeeToken), 403, 'FORBIDDEN');
    expect(await storedRow(asset.id)).toEqual(before);
  });

  it('answers 404 for an unknown asset', async () => {
    const id = randomUUID();
    const response = await patch(id, { name: 'Ghost' });
    expectEnvelope(response, 404, 'ASSET_NOT_FOUND');
    expect(response.body.error.details).toEqual({ assetId: id, organisationId: tenant.id });
  });
});

describe('DELETE /api/v1/assets/{id}', () => {
  it('refuses an ASSET_MANAGER with 403; an ADMIN deletes with 204 and ASSET_DELETED keeps the before values', async () => {
    const asset = await createAsset({ inventoryNumber: 'DEL-1', serialNumber: 'SN-DEL' });
    expectEnvelope(await call('DELETE', `/api/v1/assets/${asset.id}`, as(managerToken)), 403, 'FORBIDDEN');
    expect(await storedRow(asset.id)).toBeDefined();

    const response = await call('DELETE', `/api/v1/assets/${asset.id}`, as(adminToken));
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expect(await storedRow(asset.id)).toBeUndefined();
    const audit = await auditRows(asset.id);
    expect(audit.map((a) => a.action)).toEqual(['ASSET_CREATED', 'ASSET_DELETED']);
    expect(audit[1]).toMatchObject({ actor_user_id: tenant.admin.id, request_id: response.headers['x-request-id'] });
    expect(audit[1]!.changes).toMatchObject({
      name: { before: 'Dell XPS 13', after: null },
      inventoryNumber: { before: 'DEL-1', after: null },
      serialNumber: { before: 'SN-DEL', after: null },
      customFields: { before: { ramGb: 16, os: 'Linux' }, after: null },
    });

    const again = await call('DELETE', `/api/v1/assets/${asset.id}`, as(adminToken));
    expectEnvelope(again, 404, 'ASSET_NOT_FOUND');
    expectEnvelope(await call('GET', `/api/v1/assets/${asset.id}`, as(adminToken)), 404, 'ASSET_NOT_FOUND');
    expect(await auditRows(asset.id)).toHaveLength(2);
  });
});

describe('unsupported methods', () => {
  it('answers 405 with an Allow header for PUT and POST on an asset, and PUT on the collection', async () => {
    const asset = await createAsset();
    for (const method of ['PUT', 'POST']) {
      const response = await call(method, `/api/v1/assets/${asset.id}`, { ...as(managerToken), json: { name: 'x' } });
      expectEnvelope(response, 405, 'METHOD_NOT_ALLOWED');
      expect(response.headers.allow).toBe('GET, PATCH, DELETE');
    }
    const collection = await call('PUT', '/api/v1/assets', { ...as(managerToken), json: { name: 'x' } });
    expectEnvelope(collection, 405, 'METHOD_NOT_ALLOWED');
    expect(collection.headers.allow).toBe('GET, POST');
    expect(await storedRow(asset.id)).toMatchObject({ name: 'Dell XPS 13' });
  });
});
