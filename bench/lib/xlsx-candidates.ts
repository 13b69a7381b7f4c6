import { once } from 'node:events';
import { PassThrough, Readable, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { encodeXlsxExport } from '@/lib/lending/assets/encode-xlsx-export';
import type { ExportSheetLayout } from '@/lib/lending/assets/layout-export-sheet';
import type { ExportRow } from '@/lib/lending/assets/list-export-batch';

export type XlsxEncoder = (layout: ExportSheetLayout, batches: AsyncGenerator<ExportRow[]>) => ReadableStream<Uint8Array>;

/** Waits, between batches, until the consumer has taken what the writer produced, as the server would. */
async function drained(stream: Writable): Promise<void> {
  if (stream.writableNeedDrain) await once(stream, 'drain');
}

function exceljsWorkbookWriter(layout: ExportSheetLayout, batches: AsyncGenerator<ExportRow[]>): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Assets');
  void (async () => {
    sheet.addRow(layout.headers).commit();
    for await (const rows of batches) {
      for (const row of rows) sheet.addRow(layout.cellsOf(row)).commit();
      await drained(out);
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}

/** Streaming XLSX writers compared by bench/export-assets.ts; the first is the one the server uses. */
export const xlsxCandidates: Record<string, XlsxEncoder> = {
  'fflate (lib/lending/assets/encode-xlsx-export.ts)': encodeXlsxExport,
  'exceljs 4.4.0 WorkbookWriter': exceljsWorkbookWriter,
};
