import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';

let tenant: TestTenant;
let managerToken: string;

const exportCsv = (query = '', token = managerToken) => call('GET', `/api/v1/assets/export.csv${query}`, { tenant: tenant.slug, token });

function rowsOf(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  return parse(text.slice(1), { relaxColumnCount: false }) as string[][];
}

beforeAll(async () => {
  tenant = await createTenant();
  managerToken = await tenant.manager.token();
});

describe('GET /api/v1/assets/export.csv', () => {
  it('streams every filtered asset across several batches, with the custom field labels as columns', async () => {
    const marker = `exp${randomUUID().slice(0, 6)}`;
    const ids = await insertAssets(tenant, Array.from({ length: 2345 }, (_, i) => ({ name: `${marker} ${i}`, manufacturer: 'Lenovo' })));
    await insertAssets(tenant, [{ name: 'Not in the filter' }]);
    const stored = await ownerDb()`select inventory_number from assets where id = any(${ids}::uuid[])`;
    const response = await exportCsv(`?q=${marker}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="assets-${tenant.slug}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    expect(response.headers['x-export-row-count']).toBe('2345');
    expect(response.text).toContain('\r\n');
    const [header, ...rows] = rowsOf(response.text);
    expect(header).toEqual([
      'Inventory number', 'Name', 'Category', 'Location', 'Status', 'Owner', 'Serial number', 'Manufacturer', 'Model',
      'Purchase date', 'Value', 'Currency', 'Supplier', 'Warranty (months)', 'Warranty expires', 'RAM (GB)', 'Operating system',
    ]);
    expect(rows).toHaveLength(2345);
    expect(new Set(rows.map((row) => row[0]))).toEqual(new Set(stored.map((row) => row.inventory_number)));
    expect(rows[0]!.slice(2, 5)).toEqual(['Laptops', 'Head office', 'AVAILABLE']);
    expect(rows.every((row) => row[15] === '16' && row[7] === 'Lenovo')).toBe(true);
  });

  it('records ASSETS_EXPORTED with the filter and the row count', async () => {
    const marker = `aud${randomUUID().slice(0, 6)}`;
    await insertAssets(tenant, [{ name: `${marker} a` }, { name: `${marker} b` }]);
    const response = await exportCsv(`?q=${marker}&status=AVAILABLE`);
    expect(response.status).toBe(200);
    const audit = await ownerDb()`select actor_user_id, target_type, target_id, metadata from audit_log
      where organisation_id = ${tenant.id} and action = 'ASSETS_EXPORTED' and metadata->'filter'->>'q' = ${marker}`;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: tenant.manager.id, target_type: 'ORGANISATION', target_id: tenant.id });
    expect(audit[0]!.metadata).toEqual({ format: 'csv', filter: { q: marker, status: 'AVAILABLE' }, rowCount: 2 });
  });

  it('guards against formula injection and quotes per RFC 4180', async () => {
    const marker = `inj${randomUUID().slice(0, 6)}`;
    await insertAssets(tenant, [
      { name: `${marker} =HYPERLINK("http://x")`, model: '+1+2', manufacturer: '@SUM(A1)', serialNumber: '-3' },
      { name: `${marker} "quoted", with comma\nand line` },
    ]);
    const [, ...rows] = rowsOf((await exportCsv(`?q=${marker}`)).text);
    const injected = rows.find((row) => row[1]!.includes('HYPERLINK'))!;
    expect(injected[1]).toBe(`${marker} =HYPERLINK("http://x")`);
    const quoted = rows.find((row) => row[1]!.includes('quoted'))!;
    expect(quoted[1]).toBe(`${marker} "quoted", with comma\nand line`);
    const [row] = await ownerDb()`select count(*)::int as n from assets where organisation_id = ${tenant.id} and name like ${`${marker}%`}`;
    expect(rows).toHaveLength(row!.n);
    expect([injected[6], injected[7], injected[8]]).toEqual(["'-3", "'@SUM(A1)", "'+1+2"]);
    const lead = await insertAssets(tenant, [{ name: `=cmd ${marker}x` }]);
    const leading = rowsOf((await exportCsv(`?q=${marker}x`)).text);
    expect(lead).toHaveLength(1);
    expect(leading[1]![1]).toBe(`'=cmd ${marker}x`);
  });

  it('answers an empty set with the header only', async () => {
    const rows = rowsOf((await exportCsv(`?q=nothing-${randomUUID()}`)).text);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveLength(15);
  });

  it('is ASSET_MANAGER and up, validates the filter and refuses paging parameters', async () => {
    expectEnvelope(await exportCsv('', await tenant.employee.token()), 403, 'FORBIDDEN');
    expectEnvelope(await exportCsv('?status=LOST'), 400, 'VALIDATION_ERROR');
    expectEnvelope(await exportCsv('?categoryId=nope'), 400, 'VALIDATION_ERROR');
    expectEnvelope(await exportCsv('?limit=10'), 400, 'VALIDATION_ERROR');
    expect((await exportCsv('', await tenant.admin.token())).status).toBe(200);
  });

  it('never includes another tenant’s assets, even filtered by its category', async () => {
    const other = await createTenant();
    await insertAssets(other, [{ name: 'Foreign export' }]);
    const rows = rowsOf((await exportCsv(`?categoryId=${other.categoryId}`)).text);
    expect(rows).toHaveLength(1);
  });
});

describe('GET /api/v1/assets/export.xlsx', () => {
  it('answers a workbook attachment (contents are checked by the portal e2e test with exceljs)', async () => {
    const response = await call('GET', '/api/v1/assets/export.xlsx', { tenant: tenant.slug, token: managerToken });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="assets-.+\.xlsx"$/);
    expect(response.text.slice(0, 2)).toBe('PK');
    expectEnvelope(await call('GET', '/api/v1/assets/export.xlsx', { tenant: tenant.slug, token: await tenant.employee.token() }), 403, 'FORBIDDEN');
  });
});
