import Papa from 'papaparse';
import * as XLSX from 'xlsx';
import type { ExportSheetLayout } from './layout-export-sheet';
import type { ExportRow } from './list-export-batch';
import type { ExportFormat } from './schemas';

const encoder = new TextEncoder();

/** RFC 4180 with CRLF, a BOM so Excel reads UTF-8, and = + - @ (and tab, CR) led cells quoted as text. */
function csvStream(layout: ExportSheetLayout, batches: AsyncGenerator<ExportRow[]>): ReadableStream<Uint8Array> {
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(`\uFEFF${Papa.unparse([layout.headers], { newline: '\r\n', escapeFormulae: true })}\r\n`));
        return;
      }
      const next = await batches.next();
      if (next.done) {
        controller.close();
        return;
      }
      const text = Papa.unparse(next.value.map(layout.cellsOf), { newline: '\r\n', escapeFormulae: true, header: false });
      controller.enqueue(encoder.encode(`${text}\r\n`));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}

/**
 * SheetJS cannot write a workbook incrementally: the rows are added batch by batch (only the cells stay in
 * memory, not the database rows), and the finished file is sent in chunks. A dense sheet (rows of cell arrays
 * instead of one object keyed by A1 addresses) holds the same cells in about two thirds of the memory.
 */
function xlsxStream(layout: ExportSheetLayout, batches: AsyncGenerator<ExportRow[]>): ReadableStream<Uint8Array> {
  let file: Uint8Array | null = null;
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!file) {
        // SheetJS treats a worksheet that is an array as dense; its 0.18 typings do not declare the option.
        const sheet = XLSX.utils.sheet_add_aoa([] as unknown as XLSX.WorkSheet, [layout.headers]);
        for await (const rows of batches) XLSX.utils.sheet_add_aoa(sheet, rows.map(layout.cellsOf), { origin: -1 });
        const workbook = XLSX.utils.book_new();
        XLSX.utils.book_append_sheet(workbook, sheet, 'Assets');
        file = XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Uint8Array;
      }
      if (offset >= file.byteLength) {
        controller.close();
        return;
      }
      controller.enqueue(file.subarray(offset, offset + 64 * 1024));
      offset += 64 * 1024;
    },
  });
}

/** The file bytes of an export, produced as the batches arrive (bench/export-assets.ts feeds it without a database). */
export function encodeAssetsExport(format: ExportFormat, layout: ExportSheetLayout, batches: AsyncGenerator<ExportRow[]>): ReadableStream<Uint8Array> {
  return format === 'csv' ? csvStream(layout, batches) : xlsxStream(layout, batches);
}
