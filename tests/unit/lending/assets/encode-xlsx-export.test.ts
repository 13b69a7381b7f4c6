import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { encodeXlsxExport } from '@/lib/lending/assets/encode-xlsx-export';
import { type ExportCell, type ExportSheetLayout } from '@/lib/lending/assets/layout-export-sheet';
import type { ExportRow } from '@/lib/lending/assets/list-export-batch';

type Tracked = { batches: AsyncGenerator<ExportRow[]>; read: () => number; returned: () => boolean };

/** Rows whose cells are given directly; counts the batches the writer has asked for. */
function batchesOf(batches: ExportCell[][][]): { layout: ExportSheetLayout; tracked: Tracked } {
  let read = 0;
  let returned = false;
  const generator = (async function* () {
    try {
      for (const batch of batches) {
        read++;
        yield batch.map((cells) => ({ cells }) as unknown as ExportRow);
      }
    } finally {
      returned = true;
    }
  })();
  const layout: ExportSheetLayout = { headers: ['Text', 'Number', 'Flag'], cellsOf: (row) => (row as unknown as { cells: ExportCell[] }).cells };
  return { layout, tracked: { batches: generator, read: () => read, returned: () => returned } };
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
  return Buffer.concat(chunks);
}

async function sheetsOf(file: Buffer): Promise<{ name: string; rows: unknown[][] }[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  return workbook.worksheets.map((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
    return { name: sheet.name, rows };
  });
}

describe('encodeXlsxExport', () => {
  it('writes text as text, numbers as numbers and booleans as booleans, escaping what XML cannot carry', async () => {
    const awkward = ['=HYPERLINK("http://x")', '<b>&amp;</b> "quoted", with comma', '  padded\nnew line  ', 'Zürich 東京 🚀'];
    const { layout, tracked } = batchesOf([
      awkward.map((text, i) => [text, i + 0.5, i % 2 === 0]),
      [[null, -12, null], ['bell\u0007 and a literal _x0041_', null, false]],
    ]);
    const file = await readAll(encodeXlsxExport(layout, tracked.batches));
    const [sheet, ...others] = await sheetsOf(file);
    expect(others).toEqual([]);
    expect(sheet!.name).toBe('Assets');
    expect(sheet!.rows.slice(0, 6)).toEqual([['Text', 'Number', 'Flag'], ...awkward.map((text, i) => [text, i + 0.5, i % 2 === 0]), [undefined, -12]]);
    expect(sheet!.rows[6]![2]).toBe(false);
    // exceljs does not decode OOXML's _xHHHH_ escapes (Excel and LibreOffice do): the XML itself is checked.
    const xml = strFromU8(unzipSync(file)['xl/worksheets/sheet1.xml']!);
    expect(xml).toContain('<t>bell_x0007_ and a literal _x005F_x0041_</t>');
    expect(xml).toContain('<t xml:space="preserve">  padded\nnew line  </t>');
  });

  it('goes on in a further sheet, headed again, when a sheet is full', async () => {
    const { layout, tracked } = batchesOf([[['a', 1, true], ['b', 2, true]], [['c', 3, true]], [['d', 4, true], ['e', 5, true]]]);
    const sheets = await sheetsOf(await readAll(encodeXlsxExport(layout, tracked.batches, 3)));
    expect(sheets.map((sheet) => sheet.name)).toEqual(['Assets', 'Assets (2)', 'Assets (3)']);
    expect(sheets.map((sheet) => sheet.rows.map((row) => row[0]))).toEqual([['Text', 'a', 'b'], ['Text', 'c', 'd'], ['Text', 'e']]);
  });

  it('reads the next batch only when the reader asks for more, and lets go of the rows when cancelled', async () => {
    const { layout, tracked } = batchesOf(Array.from({ length: 50 }, (_, b) => Array.from({ length: 100 }, (_, i) => [`row ${b}-${i}`, i, false])));
    const reader = encodeXlsxExport(layout, tracked.batches).getReader();
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tracked.read()).toBeLessThanOrEqual(1);
    await reader.read();
    await reader.read();
    expect(tracked.read()).toBeLessThanOrEqual(3);
    await reader.cancel();
    expect(tracked.returned()).toBe(true);
  });
});
