import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../support/api';
import { createTenant, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';
import { expectNothingStored, expectValidationIssues } from './stored-state';

let tenant: TestTenant;
let token: string;
let categoryId: string;
let assetId: string;

// The day is named as one the calendar does not have (with the reason), never answered with a format hint.
const notInCalendar = (date: string) => new RegExp(`^${date} does not exist: `);

beforeAll(async () => {
  tenant = await createTenant();
  token = await tenant.admin.token();
  const category = await call('POST', '/api/v1/categories', {
    tenant: tenant.slug,
    token,
    json: { name: 'Instruments', customFields: [{ key: 'calibratedOn', label: 'Calibrated on', type: 'date' }] },
  });
  expect(category.status, category.text).toBe(201);
  categoryId = category.body.id;
  assetId = (await insertAssets(tenant, [{ name: 'Existing' }]))[0]!;
});

const newAsset = (fields: Record<string, unknown>) => ({ name: 'Gauge', categoryId, locationId: tenant.locationId, ...fields });

async function expectRefusedDate(method: string, path: string, json: unknown, issuePath: string, date: string, location: 'body' | 'query' = 'body') {
  const response = await expectNothingStored(tenant.id, () => call(method, path, { tenant: tenant.slug, token, json }));
  const issues = expectValidationIssues(response, location, [issuePath]);
  expect(issues.find((i) => i.path === issuePath)?.message).toMatch(notInCalendar(date));
}

describe('impossible calendar dates are refused everywhere (issue 11, finding 6)', () => {
  describe('a date custom field', () => {
    it.each(['2026-02-30', '2025-02-29', '2026-04-31', '2026-00-10', '2026-13-01', '0000-01-01'])('POST refuses %s with the field path', async (date) => {
      await expectRefusedDate('POST', '/api/v1/assets', newAsset({ customFields: { calibratedOn: date } }), 'customFields.calibratedOn', date);
    });

    it('POST accepts 2024-02-29 and stores it unchanged', async () => {
      const response = await call('POST', '/api/v1/assets', { tenant: tenant.slug, token, json: newAsset({ customFields: { calibratedOn: '2024-02-29' } }) });
      expect(response.status, response.text).toBe(201);
      const [row] = await ownerDb()`select custom_fields from assets where id = ${response.body.id}`;
      expect(row!.custom_fields).toEqual({ calibratedOn: '2024-02-29' });
    });

    it('PATCH refuses 2026-02-30 and 2025-02-29, and accepts 2024-02-29', async () => {
      const created = await call('POST', '/api/v1/assets', { tenant: tenant.slug, token, json: newAsset({}) });
      expect(created.status, created.text).toBe(201);
      for (const date of ['2026-02-30', '2025-02-29']) {
        await expectRefusedDate('PATCH', `/api/v1/assets/${created.body.id}`, { customFields: { calibratedOn: date } }, 'customFields.calibratedOn', date);
      }
      const patched = await call('PATCH', `/api/v1/assets/${created.body.id}`, { tenant: tenant.slug, token, json: { customFields: { calibratedOn: '2024-02-29' } } });
      expect(patched.status, patched.text).toBe(200);
      expect(patched.body.customFields).toEqual({ calibratedOn: '2024-02-29' });
    });

    it('still says how to write a date that is not YYYY-MM-DD', async () => {
      const response = await call('POST', '/api/v1/assets', { tenant: tenant.slug, token, json: newAsset({ customFields: { calibratedOn: '30.02.2026' } }) });
      const [issue] = expectValidationIssues(response, 'body', ['customFields.calibratedOn']);
      expect(issue!.message).toMatch(/YYYY-MM-DD/);
    });
  });

  describe('purchase date', () => {
    it.each(['2026-02-30', '2025-02-29', '0000-01-01'])('POST and PATCH refuse %s', async (date) => {
      await expectRefusedDate('POST', '/api/v1/assets', newAsset({ purchaseDate: date }), 'purchaseDate', date);
      await expectRefusedDate('PATCH', `/api/v1/assets/${assetId}`, { purchaseDate: date }, 'purchaseDate', date);
    });

    it('accepts 2024-02-29', async () => {
      const response = await call('PATCH', `/api/v1/assets/${assetId}`, { tenant: tenant.slug, token, json: { purchaseDate: '2024-02-29' } });
      expect(response.status, response.text).toBe(200);
      expect(response.body.purchaseDate).toBe('2024-02-29');
    });
  });

  describe('maintenance dates', () => {
    it.each(['2026-02-30', '2025-02-29', '0000-01-01'])('POST refuses scheduledFor %s', async (date) => {
      await expectRefusedDate('POST', `/api/v1/assets/${assetId}/maintenance`, { kind: 'SERVICE', title: 'Check', scheduledFor: date }, 'scheduledFor', date);
    });

    it('accepts scheduledFor 2024-02-29', async () => {
      const response = await call('POST', `/api/v1/assets/${assetId}/maintenance`, { tenant: tenant.slug, token, json: { kind: 'SERVICE', title: 'Check', scheduledFor: '2024-02-29' } });
      expect(response.status, response.text).toBe(201);
      expect(response.body.scheduledFor).toBe('2024-02-29');
    });
  });

  describe('loan dates', () => {
    it.each(['2026-02-30', '2025-02-29', '0000-01-01'])('POST refuses startDate %s', async (date) => {
      await expectRefusedDate('POST', '/api/v1/loans', { assetId, startDate: date, endDate: '2030-01-10', purpose: 'Field trip' }, 'startDate', date);
    });

    it('a list filter refuses 0000-01-01 instead of failing in the database', async () => {
      const response = await call('GET', '/api/v1/loans?from=0000-01-01', { tenant: tenant.slug, token });
      const [issue] = expectValidationIssues(response, 'query', ['from']);
      expect(issue!.message).toMatch(notInCalendar('0000-01-01'));
    });
  });

  describe('a birth date correction (issue 23, item 16)', () => {
    const changeRequests = async () => (await ownerDb()`select count(*)::int as n from person_change_requests where organisation_id = ${tenant.id}`)[0]!.n;

    it('names 2001-02-30 as a day that does not exist, with the reason, and files nothing', async () => {
      const before = await changeRequests();
      const response = await expectNothingStored(tenant.id, () => call('POST', '/api/v1/profile/change-requests', { tenant: tenant.slug, token, json: { birthDate: '2001-02-30' } }));
      const [issue] = expectValidationIssues(response, 'body', ['birthDate']);
      expect(issue!.message).toBe('2001-02-30 does not exist: February 2001 has 28 days.');
      expect(await changeRequests()).toBe(before);
    });

    it('accepts 2000-02-29', async () => {
      const response = await call('POST', '/api/v1/profile/change-requests', { tenant: tenant.slug, token, json: { birthDate: '2000-02-29' } });
      expect(response.status, response.text).toBe(200);
      expect(response.body.fields.birthDate.to).toBe('2000-02-29');
    });
  });

  describe('audit-log period filters', () => {
    it.each(['2026-02-30T00:00:00Z', '0000-01-01T00:00:00Z'])('refuses from=%s', async (instant) => {
      const response = await call('GET', `/api/v1/audit-log?from=${encodeURIComponent(instant)}`, { tenant: tenant.slug, token });
      const [issue] = expectValidationIssues(response, 'query', ['from']);
      expect(issue!.message).toBe(`${instant} is not a moment in the calendar.`);
    });

    it('accepts a real instant with an offset', async () => {
      const response = await call('GET', `/api/v1/audit-log?from=${encodeURIComponent('2024-02-29T10:00:00+02:00')}`, { tenant: tenant.slug, token });
      expect(response.status, response.text).toBe(200);
    });
  });
});
