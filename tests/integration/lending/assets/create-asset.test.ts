import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, ownerDb, type TestTenant } from '../../../support/factories';

let tenant: TestTenant;
let managerToken: string;

beforeAll(async () => {
  tenant = await createTenant();
  managerToken = await tenant.manager.token();
});

describe('POST /api/v1/assets', () => {
  it('creates an asset, answers 201 with Location, and writes ASSET_CREATED in the audit log', async () => {
    const response = await call('POST', '/api/v1/assets', {
      tenant: tenant.slug,
      token: managerToken,
      json: { name: 'ThinkPad X1', categoryId: tenant.categoryId, locationId: tenant.locationId, inventoryNumber: 'LAP-001', value: 1499.5, customFields: { ramGb: 32, os: 'Linux' } },
    });
    expect(response.status).toBe(201);
    expect(response.headers.location).toBe(`/api/v1/assets/${response.body.id}`);
    expect(response.body).toMatchObject({ name: 'ThinkPad X1', status: 'AVAILABLE', inventoryNumber: 'LAP-001', value: '1499.50', customFields: { ramGb: 32, os: 'Linux' } });
    expect(response.body).not.toHaveProperty('qrCodeToken');
    expect(response.body.labelIssuedAt).toBeNull();
    expect(response.headers['x-ratelimit-limit']).toBeDefined();

    const [stored] = await ownerDb()`select name, organisation_id from assets where id = ${response.body.id}`;
    expect(stored).toEqual({ name: 'ThinkPad X1', organisation_id: tenant.id });
    const audit = await ownerDb()`select action, actor_user_id, changes from audit_log where target_id = ${response.body.id}`;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'ASSET_CREATED', actor_user_id: tenant.manager.id });
    expect(audit[0]!.changes.name).toEqual({ before: null, after: 'ThinkPad X1' });
  });

  it('answers 409 for a duplicate inventory number and stores nothing', async () => {
    const body = { name: 'Dup', categoryId: tenant.categoryId, locationId: tenant.locationId, inventoryNumber: 'DUP-1', customFields: { ramGb: 8 } };
    expect((await call('POST', '/api/v1/assets', { tenant: tenant.slug, token: managerToken, json: body })).status).toBe(201);
    const second = await call('POST', '/api/v1/assets', { tenant: tenant.slug, token: managerToken, json: body });
    expectEnvelope(second, 409, 'INVENTORY_NUMBER_CONFLICT');
    const [count] = await ownerDb()`select count(*)::int as n from assets where organisation_id = ${tenant.id} and inventory_number = 'DUP-1'`;
    expect(count!.n).toBe(1);
  });

  it('refuses an EMPLOYEE with 403', async () => {
    const response = await call('POST', '/api/v1/assets', {
      tenant: tenant.slug,
      token: await tenant.employee.token(),
      json: { name: 'X', categoryId: tenant.categoryId, locationId: tenant.locationId, customFields: { ramGb: 8 } },
    });
    expectEnvelope(response, 403, 'FORBIDDEN');
  });

  it('does not store a custom field sent as null, as PATCH treats null as "no value"', async () => {
    const response = await call('POST', '/api/v1/assets', {
      tenant: tenant.slug,
      token: managerToken,
      json: { name: 'No OS yet', categoryId: tenant.categoryId, locationId: tenant.locationId, customFields: { ramGb: 8, os: null } },
    });
    expect(response.status).toBe(201);
    expect(response.body.customFields).toEqual({ ramGb: 8 });
    const [stored] = await ownerDb()`select custom_fields from assets where id = ${response.body.id}`;
    expect(stored!.custom_fields).toEqual({ ramGb: 8 });
    const [audit] = await ownerDb()`select changes from audit_log where target_id = ${response.body.id}`;
    expect(audit!.changes.customFields).toEqual({ before: null, after: { ramGb: 8 } });
  });
});
