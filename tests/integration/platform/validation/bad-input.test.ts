import { request } from 'node:http';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type ApiResponse, call, expectEnvelope } from '../../../support/api';
import { createTenant, insertAssets, type TestTenant } from '../../../support/factories';
import { expectNothingStored, expectValidationIssues, storedState } from './stored-state';

let tenant: TestTenant;
let other: TestTenant;
let token: string;
let assetId: string;

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  token = await tenant.admin.token();
  assetId = (await insertAssets(tenant, [{ name: 'Target asset' }]))[0]!;
});

type Target = {
  label: string;
  method: 'POST' | 'PATCH';
  path: () => string;
  valid: () => Record<string, unknown>;
  /** A body with wrong types, and the paths its issues must name. */
  wrongTypes: () => [Record<string, unknown>, string[]];
  /** The string field that takes an overlong value. */
  textField: string;
};

const targets: Target[] = [
  {
    label: 'POST /api/v1/assets',
    method: 'POST',
    path: () => '/api/v1/assets',
    valid: () => ({ name: 'Valid asset', categoryId: tenant.categoryId, locationId: tenant.locationId, customFields: { ramGb: 8 } }),
    wrongTypes: () => [
      { name: 123, categoryId: 'not-a-uuid', locationId: tenant.locationId, status: 'BROKEN', warrantyMonths: 1.5, customFields: [] },
      ['name', 'categoryId', 'status', 'warrantyMonths', 'customFields'],
    ],
    textField: 'name',
  },
  {
    label: 'PATCH /api/v1/assets/{id}',
    method: 'PATCH',
    path: () => `/api/v1/assets/${assetId}`,
    valid: () => ({ name: 'Renamed asset' }),
    wrongTypes: () => [{ name: false, status: 'BROKEN', value: -1, purchaseDate: '2024-13-45' }, ['name', 'status', 'value', 'purchaseDate']],
    textField: 'name',
  },
  {
    label: 'POST /api/v1/categories',
    method: 'POST',
    path: () => '/api/v1/categories',
    valid: () => ({ name: 'Cameras' }),
    wrongTypes: () => [
      { name: 42, customFields: [{ key: '1bad', label: '', type: 'colour' }] },
      ['name', 'customFields.0.key', 'customFields.0.label', 'customFields.0.type'],
    ],
    textField: 'name',
  },
  {
    label: 'PATCH /api/v1/categories/{id}',
    method: 'PATCH',
    path: () => `/api/v1/categories/${tenant.categoryId}`,
    valid: () => ({ name: 'Renamed category' }),
    wrongTypes: () => [{ name: [], description: 5 }, ['name', 'description']],
    textField: 'description',
  },
  {
    label: 'POST /api/v1/locations',
    method: 'POST',
    path: () => '/api/v1/locations',
    valid: () => ({ name: 'Annex' }),
    wrongTypes: () => [{ name: {}, address: 7 }, ['name', 'address']],
    textField: 'address',
  },
  {
    label: 'PATCH /api/v1/locations/{id}',
    method: 'PATCH',
    path: () => `/api/v1/locations/${tenant.locationId}`,
    valid: () => ({ name: 'Renamed location' }),
    wrongTypes: () => [{ name: null, description: true }, ['name', 'description']],
    textField: 'name',
  },
  {
    label: 'PATCH /api/v1/users/{id}',
    method: 'PATCH',
    path: () => `/api/v1/users/${tenant.employee.id}`,
    valid: () => ({ role: 'ASSET_MANAGER' }),
    wrongTypes: () => [{ role: 'SUPERUSER', isActive: 'yes' }, ['role', 'isActive']],
    textField: 'role',
  },
];

function send(target: Target, body: string, contentType: string | null = 'application/json'): Promise<ApiResponse> {
  const headers: Record<string, string> = contentType === null ? {} : { 'content-type': contentType };
  return call(target.method, target.path(), { tenant: tenant.slug, token, body, headers });
}

const refuse = (target: Target, body: string, contentType?: string | null) => expectNothingStored(tenant.id, () => send(target, body, contentType));

describe.each(targets)('$label refuses bad input with 400/413/415 and stores nothing', (target) => {
  it.each([
    ['truncated JSON', '{"name": "x",'],
    ['JSON with trailing garbage', '{"name": "x"} and more'],
    ['single-quoted pseudo JSON', "{'name': 'x'}"],
    ['an empty body', ''],
  ])('malformed JSON: %s', async (_name, body) => {
    const response = await refuse(target, body);
    expectEnvelope(response, 400, 'VALIDATION_ERROR');
    expect(response.body.error.details).toEqual({ location: 'body', reason: 'malformed_json', issues: [{ path: '', code: 'malformed_json', message: 'The request body is not valid JSON.' }] });
  });

  it.each([['an array', '[]'], ['an array of the valid body', null], ['a number', '42'], ['a string', '"name"'], ['null', 'null'], ['a boolean', 'true']])(
    'a JSON body that is %s',
    async (_name, body) => {
      const response = await refuse(target, body ?? JSON.stringify([target.valid()]));
      const [issue] = expectValidationIssues(response, 'body', ['']);
      expect(issue!.code).toBe('invalid_type');
    },
  );

  it('wrong types, naming every offending path', async () => {
    const [body, paths] = target.wrongTypes();
    expectValidationIssues(await refuse(target, JSON.stringify(body)), 'body', paths);
  });

  it('unknown fields, including attempts to set the tenant or the id', async () => {
    const body = { ...target.valid(), organisationId: other.id, id: randomUUID(), createdAt: '2000-01-01T00:00:00Z' };
    const [issue] = expectValidationIssues(await refuse(target, JSON.stringify(body)), 'body', ['']);
    expect(issue!.code).toBe('unrecognized_keys');
    expect(issue!.message).toMatch(/organisationId/);
  });

  it('an own __proto__ key (prototype pollution)', async () => {
    const body = `{"__proto__": {"role": "ADMIN", "isActive": true}, ${JSON.stringify(target.valid()).slice(1)}`;
    expectValidationIssues(await refuse(target, body), 'body', ['']);
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });

  it('an overlong string', async () => {
    const body = { ...target.valid(), [target.textField]: 'x'.repeat(10_000) };
    expectValidationIssues(await refuse(target, JSON.stringify(body)), 'body', [target.textField]);
  });

  it('an empty object', async () => {
    const issues = expectValidationIssues(await refuse(target, '{}'), 'body', []);
    if (target.method === 'PATCH') expect(issues).toEqual([expect.objectContaining({ path: '', code: 'custom' })]);
    else expect(issues.map((i) => i.path)).toContain('name');
  });

  it('a value nested 50,000 levels deep', async () => {
    const depth = 50_000;
    const body = `{"${target.textField}": ${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const response = await refuse(target, body);
    expectValidationIssues(response, 'body', ['']);
    expect(response.body.error.details.reason).toBe('too_deep');
  });

  it('a whole body nested 100,000 levels deep', async () => {
    const depth = 100_000;
    const response = await refuse(target, `${'[{"a":'.repeat(depth)}1${'}]'.repeat(depth)}`);
    expectValidationIssues(response, 'body', ['']);
    expect(response.body.error.details.reason).toBe('too_deep');
  });

  it('a body above 1 MB: 413 PAYLOAD_TOO_LARGE', async () => {
    const body = JSON.stringify({ ...target.valid(), [target.textField]: 'x'.repeat(1_100_000) });
    const response = await refuse(target, body);
    expectEnvelope(response, 413, 'PAYLOAD_TOO_LARGE');
    expect(response.body.error.details).toEqual({ maxBytes: 1_000_000 });
  });

  it.each([
    ['text/plain', 'text/plain'],
    ['form encoding', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data; boundary=x'],
    ['text/json', 'text/json'],
    ['no Content-Type at all', null],
  ])('a valid JSON body sent as %s: 415 UNSUPPORTED_MEDIA_TYPE', async (_name, contentType) => {
    const response = await refuse(target, JSON.stringify(target.valid()), contentType);
    expectEnvelope(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('values that only the database would notice', () => {
  const locations = targets.find((t) => t.label === 'POST /api/v1/locations')!;
  const createAsset = targets.find((t) => t.label === 'POST /api/v1/assets')!;

  // PostgreSQL refuses U+0000 in text (SQLSTATE 22021) and jsonb (22P05); the body parser refuses it first.
  it('a NUL character in a text field is a 400, not a 500', async () => {
    expectValidationIssues(await refuse(locations, JSON.stringify({ name: 'Annex\u0000B' })), 'body', ['name']);
  });

  it('a NUL character in a value stored as jsonb is a 400, not a 500', async () => {
    const category = targets.find((t) => t.label === 'POST /api/v1/categories')!;
    const body = { name: 'Cameras', customFields: [{ key: 'lens', label: 'Lens\u0000', type: 'text' }] };
    expectValidationIssues(await refuse(category, JSON.stringify(body)), 'body', ['customFields.0.label']);
  });

  it('an impossible calendar date is a 400, not a 500', async () => {
    const response = await refuse(createAsset, JSON.stringify({ ...createAsset.valid(), purchaseDate: '2023-02-30' }));
    expectEnvelope(response, 400, 'VALIDATION_ERROR');
  });

  it('a number beyond double range (parsed as Infinity) is a 400', async () => {
    const body = JSON.stringify(createAsset.valid()).replace(/}$/, ', "warrantyMonths": 1e400, "value": 1e400}');
    expectValidationIssues(await refuse(createAsset, body), 'body', ['warrantyMonths', 'value']);
  });

  it("references to another tenant's category and location are 400 with their paths", async () => {
    const body = { ...createAsset.valid(), categoryId: other.categoryId, locationId: other.locationId };
    expectValidationIssues(await refuse(createAsset, JSON.stringify(body)), 'body', ['categoryId', 'locationId']);
  });

  it('a chunked body above 1 MB without Content-Length is still 413', async () => {
    const base = new URL(inject('baseUrl'));
    const before = await storedState(tenant.id);
    const status = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        { hostname: '127.0.0.1', port: base.port, method: 'POST', path: '/api/v1/locations', headers: { host: `${tenant.slug}.localhost:${base.port}`, authorization: `Bearer ${token}`, 'content-type': 'application/json', 'transfer-encoding': 'chunked' } },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write('{"name": "');
      for (let i = 0; i < 12; i++) req.write('x'.repeat(100_000));
      req.end('"}');
    });
    expect(status.status).toBe(413);
    expect(JSON.parse(status.text).error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await storedState(tenant.id)).toEqual(before);
  });
});

// Last: the same requests with a valid body do change the store, so every refusal above could have failed.
describe.each(targets)('$label accepts the valid body (control)', (target) => {
  it('with Content-Type application/json; charset=utf-8', async () => {
    const before = JSON.stringify(await storedState(tenant.id));
    const response = await send(target, JSON.stringify(target.valid()), 'application/json; charset=utf-8');
    expect(response.status, response.text).toBe(target.method === 'POST' ? 201 : 200);
    expect(JSON.stringify(await storedState(tenant.id))).not.toBe(before);
  });
});
