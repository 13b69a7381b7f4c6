import Papa from 'papaparse';
import { encodeXlsxExport } from './encode-xlsx-export';
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

/** The file bytes of an export, produced as the batches arrive (bench/export-assets.ts feeds it without a database). */
export function encodeAssetsExport(format: ExportFormat, layout: ExportSheetLayout, batches: AsyncGenerator<ExportRow[]>): ReadableStream<Uint8Array> {
  return format === 'csv' ? csvStream(layout, batches) : encodeXlsxExport(layout, batches);
}
