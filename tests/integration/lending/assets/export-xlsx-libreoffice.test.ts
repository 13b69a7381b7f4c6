import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../support/api';
import { createTenant, ownerDb, type TestTenant } from '../../../support/factories';

const run = promisify(execFile);
const assetCount = 600;
// Every kind of text a spreadsheet could mangle: non-Latin scripts, quotes and commas, formula leaders, line breaks, edge spaces.
const names = ['Kamera – Zürich 東京 🚀', '"Quoted", with comma', '=1+1 formula', '+49 30 phone', '-minus', '@at sign', 'multi\nline', '  padded  '];

let tenant: TestTenant;
let token: string;
let locationId: string;
const workDir = mkdtempSync(path.join(tmpdir(), 'qm-xlsx-lo-'));

beforeAll(async () => {
  tenant = await createTenant();
  token = await tenant.manager.token();
  const sql = ownerDb();
  const [location] = await sql`insert into locations (organisation_id, name) values (${tenant.id}, 'Studio, 2nd floor') returning id`;
  locationId = location!.id;
  const cameraFields = [
    { key: 'mp', label: 'Megapixels', type: 'number' },
    { key: 'weatherSealed', label: 'Weather sealed', type: 'boolean' },
    { key: 'os', label: 'Firmware', type: 'text' },
  ];
  const [cameras] = await sql`insert into categories (organisation_id, name, custom_fields) values (${tenant.id}, 'Cameras', ${sql.json(cameraFields)}) returning id`;
  const rows = Array.from({ length: assetCount }, (_, i) => {
    const camera = i % 2 === 0;
    return {
      organisation_id: tenant.id,
      name: `${names[i % names.length]} ${i}`,
      category_id: camera ? cameras!.id : tenant.categoryId,
      location_id: locationId,
      status: i % 7 === 0 ? 'MAINTENANCE' : 'AVAILABLE',
      inventory_number: `LO-${randomUUID().slice(0, 8)}-${i}`,
      serial_number: i % 5 === 0 ? null : `SN-${i}`,
      manufacturer: camera ? 'Fujifilm' : 'Lenovo',
      model: i % 3 === 0 ? null : `Model ${i % 11}`,
      purchase_date: i % 4 === 0 ? null : `2023-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
      value: i % 5 === 1 ? null : (i * 10.25 + 0.5).toFixed(2),
      supplier: i % 6 === 0 ? 'Müller & Söhne, GmbH' : null,
      warranty_months: i % 3 === 0 ? null : 24 + (i % 2) * 12,
      owner_id: i % 4 === 1 ? tenant.manager.id : null,
      custom_fields: sql.json(camera ? { mp: 24.2 + (i % 3), weatherSealed: i % 4 === 0, os: `v${i % 5}.1` } : { ramGb: 8 * ((i % 3) + 1), os: ['Windows', 'macOS', 'Linux'][i % 3]! }),
    };
  });
  await sql`insert into assets ${sql(rows)}`;
});

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

async function download(format: 'csv' | 'xlsx'): Promise<Buffer> {
  const response = await call('GET', `/api/v1/assets/export.${format}?locationId=${locationId}`, { tenant: tenant.slug, token });
  expect(response.status).toBe(200);
  expect(response.headers['x-export-row-count']).toBe(String(assetCount));
  return response.raw;
}

/**
 * LibreOffice's own reading of the workbook, written back as UTF-8 CSV with raw (unformatted) values and every
 * text cell quoted, so the raw text also tells text cells from numeric and boolean ones.
 */
async function convertWithLibreOffice(file: Buffer): Promise<{ rows: string[][]; raw: string }> {
  const input = path.join(workDir, 'export.xlsx');
  writeFileSync(input, file);
  const profile = path.join(workDir, 'profile');
  // Comma, double quote, UTF-8, from line 1, text cells quoted, raw values rather than as shown, every sheet.
  const filter = 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,true,true,false,false,false,-1';
  await run('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', '--convert-to', filter, '--outdir', workDir, input], { timeout: 180_000 });
  const sheets = readdirSync(workDir).filter((name) => name.startsWith('export') && name.endsWith('.csv'));
  expect(sheets).toEqual(['export-Assets.csv']);
  const raw = readFileSync(path.join(workDir, sheets[0]!), 'utf8');
  return { rows: parse(raw) as string[][], raw };
}

// The CSV export quotes cells that start with = + - @ (tab, CR) so spreadsheets do not run them; the workbook
// stores the same text as text cells instead. Booleans print as TRUE/FALSE in LibreOffice. Numbers compare by value.
const unquoteFormulaGuard = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);
const fromLibreOffice = (cell: string) => (cell === 'TRUE' ? 'true' : cell === 'FALSE' ? 'false' : cell);
const sameCell = (fromCsv: string, fromXlsx: string) =>
  fromCsv === fromXlsx || (fromCsv !== '' && fromXlsx !== '' && !Number.isNaN(Number(fromCsv)) && Number(fromCsv) === Number(fromXlsx));

describe('GET /api/v1/assets/export.xlsx read by LibreOffice', () => {
  it('opens in LibreOffice Calc with exactly the rows and cells of the CSV export of the same filter', { timeout: 240_000 }, async () => {
    const csvText = (await download('csv')).toString('utf8');
    expect(csvText.startsWith('\uFEFF')).toBe(true);
    const csv = (parse(csvText.slice(1)) as string[][]).map((row) => row.map(unquoteFormulaGuard));
    const converted = await convertWithLibreOffice(await download('xlsx'));
    const xlsx = converted.rows.map((row) => row.map(fromLibreOffice));

    expect(csv).toHaveLength(assetCount + 1);
    expect(xlsx).toHaveLength(csv.length);
    expect(xlsx[0]).toEqual(csv[0]);
    expect(csv[0]!.slice(15)).toEqual(['Megapixels', 'Weather sealed', 'Firmware', 'RAM (GB)']);
    const differences = csv.flatMap((row, r) => row.flatMap((cell, c) => (sameCell(cell, xlsx[r]![c] ?? '') ? [] : [`row ${r} col ${c}: ${JSON.stringify(cell)} vs ${JSON.stringify(xlsx[r]![c])}`])));
    expect(differences).toEqual([]);
    expect(xlsx.every((row) => row.length === csv[0]!.length)).toBe(true);

    // Not vacuous: the awkward text arrived intact, and typed cells were present.
    const byName = new Map(xlsx.slice(1).map((row) => [row[1]!, row]));
    expect(byName.get('=1+1 formula 2')?.[1]).toBe('=1+1 formula 2');
    expect(byName.get('multi\nline 6')).toBeDefined();
    expect(byName.get('  padded   7')).toBeDefined();
    expect(byName.get('Kamera – Zürich 東京 🚀 0')?.[12]).toBe('Müller & Söhne, GmbH');
    const camera = byName.get('Kamera – Zürich 東京 🚀 0')!;
    expect([camera[9], camera[10], camera[13], camera[15], camera[16], camera[17]]).toEqual(['', '0.5', '', '24.2', 'true', 'v0.1']);
    const laptop = byName.get('"Quoted", with comma 1')!;
    expect([laptop[5], laptop[9], laptop[10], laptop[13], laptop[14], laptop[18]]).toEqual(['Test ASSET_MANAGER', '2023-02-02', '', '36', '2026-02-02', '16']);
    // Types as the export writes them: numbers and booleans unquoted (numeric cells), dates and text quoted (text cells).
    expect(converted.raw).toContain('"Fujifilm",,,0.5,"EUR","Müller & Söhne, GmbH",,,24.2,TRUE,"v0.1",');
    expect(converted.raw).toContain('"Lenovo","Model 1","2023-02-02",,"EUR",,36,"2026-02-02",,,"macOS",16');
  });
});
