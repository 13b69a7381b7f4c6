import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, insertAssets, type TestTenant } from '../../../support/factories';
import { expectNothingStored } from './stored-state';

let tenant: TestTenant;
let token: string;
let assetId: string;

beforeAll(async () => {
  tenant = await createTenant();
  token = await tenant.admin.token();
  assetId = (await insertAssets(tenant, [{ name: 'Asset' }]))[0]!;
});

const resources = [
  { path: () => '/api/v1/assets', allowed: ['GET', 'POST'], refused: ['PUT', 'PATCH', 'DELETE'] },
  { path: () => `/api/v1/assets/${assetId}`, allowed: ['GET', 'PATCH', 'DELETE'], refused: ['PUT', 'POST'] },
  { path: () => `/api/v1/assets/${assetId}/audit-log`, allowed: ['GET'], refused: ['PUT', 'POST', 'PATCH', 'DELETE'] },
  { path: () => '/api/v1/categories', allowed: ['GET', 'POST'], refused: ['PUT', 'PATCH', 'DELETE'] },
  { path: () => `/api/v1/categories/${tenant.categoryId}`, allowed: ['GET', 'PATCH', 'DELETE'], refused: ['PUT', 'POST'] },
  { path: () => '/api/v1/locations', allowed: ['GET', 'POST'], refused: ['PUT', 'PATCH', 'DELETE'] },
  { path: () => `/api/v1/locations/${tenant.locationId}`, allowed: ['GET', 'PATCH', 'DELETE'], refused: ['PUT', 'POST'] },
  { path: () => '/api/v1/users', allowed: ['GET'], refused: ['PUT', 'POST', 'PATCH', 'DELETE'] },
  { path: () => `/api/v1/users/${tenant.employee.id}`, allowed: ['GET', 'PATCH'], refused: ['PUT', 'POST', 'DELETE'] },
  { path: () => '/api/v1/audit-log', allowed: ['GET'], refused: ['PUT', 'POST', 'PATCH', 'DELETE'] },
];

describe.each(resources)('methods on $path', ({ path, allowed, refused }) => {
  it.each(refused)('%s answers 405 METHOD_NOT_ALLOWED with an Allow header and changes nothing', async (method) => {
    const response = await expectNothingStored(tenant.id, () => call(method, path(), { tenant: tenant.slug, token, json: { name: 'Replaced' } }));
    expectEnvelope(response, 405, 'METHOD_NOT_ALLOWED');
    expect(response.headers.allow).toBe(allowed.join(', '));
    expect(response.body.error.details).toEqual({ allowed });
  });

  it('GET, the method every one of these allows, answers 200 (control)', async () => {
    const response = await call('GET', path(), { tenant: tenant.slug, token });
    expect(response.status).toBe(200);
  });
});
