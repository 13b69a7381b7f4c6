import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, type TestTenant } from '../../../support/factories';

let tenant: TestTenant;

beforeAll(async () => {
  tenant = await createTenant();
});

// The server installs the message map at start-up: API clients and people read the same sentences, while
// code and path stay what clients act on.
describe('validation messages from the running server', () => {
  it('words zod issues for people, keeping code and path', async () => {
    const token = await tenant.manager.token();
    const response = await call('POST', '/api/v1/assets', { tenant: tenant.slug, token, json: { name: ' ', categoryId: '', locationId: tenant.locationId, warrantyMonths: 'twelve' } });
    expectEnvelope(response, 400, 'VALIDATION_ERROR');
    expect(response.body.error.details.issues).toEqual([
      { path: 'name', code: 'too_small', message: 'Name is required.' },
      { path: 'categoryId', code: 'invalid_format', message: 'Category is required.' },
      { path: 'warrantyMonths', code: 'invalid_type', message: 'Warranty (months) must be a number.' },
    ]);
  });

  it('words the loan policy without field names', async () => {
    const token = await tenant.employee.token();
    const asset = await call('GET', '/api/v1/assets?limit=1', { tenant: tenant.slug, token });
    const assetId = asset.body.data[0]?.id ?? tenant.categoryId;
    const response = await call('POST', '/api/v1/loans', { tenant: tenant.slug, token, json: { assetId, startDate: '2026-01-02', endDate: '2026-01-01', purpose: 'x' } });
    expectEnvelope(response, 400, 'VALIDATION_ERROR');
    expect(response.body.error.details.issues).toContainEqual({ path: 'endDate', code: 'custom', message: 'The return date must not be before the pickup date.' });
  });
});
