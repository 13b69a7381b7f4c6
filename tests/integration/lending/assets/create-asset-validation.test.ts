import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, ownerDb, type TestTenant } from '../../../support/factories';

let tenant: TestTenant;
let other: TestTenant;
let managerToken: string;

const post = (json: unknown) => call('POST', '/api/v1/assets', { tenant: tenant.slug, token: managerToken, json });
const valid = (overrides: Record<string, unknown> = {}) => ({
  name: `Valid ${randomUUID()}`,
  categoryId: tenant.categoryId,
  locationId: tenant.locationId,
  customFields: { ramGb: 8 },
  ...overrides,
});
const issueKeys = (body: any) => (body.error.details.issues as { path: string; code: string }[]).map((i) => `${i.path}:${i.code}`).sort();
const assetCount = async () => (await ownerDb()`select count(*)::int as n from assets where organisation_id = ${tenant.id}`)[0]!.n as number;
const auditCount = async () => (await ownerDb()`select count(*)::int as n from audit_log where organisation_id = ${tenant.id} and action = 'ASSET_CREATED'`)[0]!.n as number;

/** Every refused create leaves no asset and no audit entry behind. */
async function expectRefused(json: unknown, status = 400, code = 'VALIDATION_ERROR') {
  const [assets, audits] = [await assetCount(), await auditCount()];
  const response = await post(json);
  expectEnvelope(response, status, code);
  expect(await assetCount()).toBe(assets);
  expect(await auditCount()).toBe(audits);
  return response;
}

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  managerToken = await tenant.manager.token();
});

describe('POST /api/v1/assets – validation', () => {
  it('reports each missing required field by path', async () => {
    const response = await expectRefused({ customFields: { ramGb: 8 } });
    expect(response.body.error.details.location).toBe('body');
    expect(issueKeys(response.body).map((k) => k.split(':')[0])).toEqual(['categoryId', 'locationId', 'name']);
  });

  it('refuses a category and a location of another tenant as not found, storing nothing', async () => {
    const response = await expectRefused(valid({ categoryId: other.categoryId, locationId: other.locationId }));
    expect(issueKeys(response.body)).toEqual(['categoryId:not_found', 'locationId:not_found']);
    const unknown = await expectRefused(valid({ categoryId: randomUUID() }));
    expect(issueKeys(unknown.body)).toEqual(['categoryId:not_found']);
    const foreignOwner = await expectRefused(valid({ ownerId: other.employee.id }));
    expect(issueKeys(foreignOwner.body)).toEqual(['ownerId:not_found']);
    const [leaked] = await ownerDb()`select count(*)::int as n from assets where category_id = ${other.categoryId} and organisation_id = ${tenant.id}`;
    expect(leaked!.n).toBe(0);
  });

  it('checks customFields against the category definition', async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{ ramGb: 8, colour: 'red' }, ['customFields.colour:unknown_field']],
      [{ ramGb: '16' }, ['customFields.ramGb:invalid_type']],
      [{ os: 'Linux' }, ['customFields.ramGb:required']],
      [{}, ['customFields.ramGb:required']],
      [{ ramGb: 8, os: 'BeOS' }, ['customFields.os:invalid_type']],
      [{ ramGb: 8, os: 'linux' }, ['customFields.os:invalid_type']],
    ];
    for (const [customFields, expected] of cases) {
      const response = await expectRefused(valid({ customFields }));
      expect(issueKeys(response.body), JSON.stringify(customFields)).toEqual(expected);
    }
    const missing = await expectRefused(valid({ customFields: undefined }));
    expect(issueKeys(missing.body)).toEqual(['customFields.ramGb:required']);
    const nested = await expectRefused(valid({ customFields: { ramGb: 8, os: { nested: true } } }));
    expect(issueKeys(nested.body)[0]).toMatch(/^customFields\.os:/);
  });

  it('enforces lengths and formats', async () => {
    expect(issueKeys((await expectRefused(valid({ name: 'x'.repeat(201) }))).body)).toEqual(['name:too_big']);
    expect(issueKeys((await expectRefused(valid({ name: '   ' }))).body)).toEqual(['name:too_small']);
    expect(issueKeys((await expectRefused(valid({ value: '12.345' }))).body)[0]).toMatch(/^value:/);
    expect(issueKeys((await expectRefused(valid({ value: -1 }))).body)[0]).toMatch(/^value:/);
    expect(issueKeys((await expectRefused(valid({ purchaseDate: '2024-02-30' }))).body)[0]).toMatch(/^purchaseDate:/);
    expect(issueKeys((await expectRefused(valid({ inventoryNumber: 'has space' }))).body)[0]).toMatch(/^inventoryNumber:/);
    expect(issueKeys((await expectRefused(valid({ currency: 'eur' }))).body)[0]).toMatch(/^currency:/);
    expect(issueKeys((await expectRefused(valid({ photoUrl: 'javascript:alert(1)' }))).body)[0]).toMatch(/^photoUrl:/);
    expect(issueKeys((await expectRefused(valid({ status: 'LOST' }))).body)[0]).toMatch(/^status:/);
    expect(issueKeys((await expectRefused(valid({ categoryId: 'not-a-uuid' }))).body)[0]).toMatch(/^categoryId:/);
    expect(issueKeys((await expectRefused(valid({ colour: 'red' }))).body)[0]).toMatch(/:unrecognized_keys$/);

    const longest = await post(valid({ name: `${'x'.repeat(199)}y` }));
    expect(longest.status).toBe(201);
    const [stored] = await ownerDb()`select length(name)::int as n from assets where id = ${longest.body.id}`;
    expect(stored!.n).toBe(200);
  });

  it('answers 415 for a non-JSON content type and 400 malformed_json for broken JSON', async () => {
    const text = await call('POST', '/api/v1/assets', {
      tenant: tenant.slug, token: managerToken, body: JSON.stringify(valid()), headers: { 'content-type': 'text/plain' },
    });
    expectEnvelope(text, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const form = await call('POST', '/api/v1/assets', { tenant: tenant.slug, token: managerToken, body: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expectEnvelope(form, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const before = await assetCount();
    const broken = await call('POST', '/api/v1/assets', { tenant: tenant.slug, token: managerToken, body: '{"name": "x",', headers: { 'content-type': 'application/json' } });
    expectEnvelope(broken, 400, 'VALIDATION_ERROR');
    expect(broken.body.error.details).toEqual({ location: 'body', reason: 'malformed_json', issues: [{ path: '', code: 'malformed_json', message: 'The request body is not valid JSON.' }] });
    for (const body of ['null', '[]', '"text"']) {
      expectEnvelope(await call('POST', '/api/v1/assets', { tenant: tenant.slug, token: managerToken, body, headers: { 'content-type': 'application/json' } }), 400, 'VALIDATION_ERROR');
    }
    expect(await assetCount()).toBe(before);
  });

  it('generates an INV- inventory number when none is sent, and trims text', async () => {
    const response = await post(valid({ name: '  Padded name  ', inventoryNumber: undefined }));
    expect(response.status).toBe(201);
    expect(response.body.inventoryNumber).toMatch(/^INV-[0-9A-F]{10}$/);
    expect(response.body.name).toBe('Padded name');
    const [stored] = await ownerDb()`select inventory_number, name from assets where id = ${response.body.id}`;
    expect(stored).toEqual({ inventory_number: response.body.inventoryNumber, name: 'Padded name' });
    const second = await post(valid());
    expect(second.body.inventoryNumber).toMatch(/^INV-[0-9A-F]{10}$/);
    expect(second.body.inventoryNumber).not.toBe(response.body.inventoryNumber);
  });
});
