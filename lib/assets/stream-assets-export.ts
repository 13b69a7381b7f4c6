import Papa from 'papaparse';
import * as XLSX from 'xlsx';
import { getDb } from '@/lib/db/get-db';
import { withTenant } from '@/lib/tenancy/with-tenant';
import { type ExportSheetLayout, layoutExportSheet } from './layout-export-sheet';
import { type ExportKey, type ExportRow, listExportBatch } from './list-export-batch';
import type { AssetsExportPlan } from './start-assets-export';

export const EXPORT_BATCH_SIZE = 1000;

const mediaTypes = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

const encoder = new TextEncoder();

/** Each batch is its own short tenant transaction, so a slow download never holds a connection for long. */
async function* readBatches(plan: AssetsExportPlan): AsyncGenerator<ExportRow[]> {
  let after: ExportKey | null = null;
  for (;;) {
    const key: ExportKey | null = after;
    const rows: ExportRow[] = await withTenant(await getDb(), plan.organisationId, (tx) => listExportBatch(tx, plan.organisationId, plan.filter, key, EXPORT_BATCH_SIZE));
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_BATCH_SIZE) return;
    const last: ExportRow = rows[rows.length - 1]!;
    after = [last.createdAt, last.id];
  }
}

/** RFC 4180 with CRLF, a BOM so Excel reads UTF-8, and = + - @ (and tab, CR) led cells quoted as text. */
function csvStream(plan: AssetsExportPlan, layout: ExportSheetLayout): ReadableStream<Uint8Array> {
  const batches = readBatches(plan);
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
 * memory, not the database rows), and the finished file is sent in chunks.
 */
function xlsxStream(plan: AssetsExportPlan, layout: ExportSheetLayout): ReadableStream<Uint8Array> {
  let file: Uint8Array | null = null;
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!file) {
        const sheet = XLSX.utils.aoa_to_sheet([layout.headers]);
        for await (const rows of readBatches(plan)) XLSX.utils.sheet_add_aoa(sheet, rows.map(layout.cellsOf), { origin: -1 });
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

/** The download response of a started export: the body reads the filtered set in keyset batches as it is sent. */
export function streamAssetsExport(plan: AssetsExportPlan): Response {
  const layout = layoutExportSheet(plan.customFields);
  const body = plan.format === 'csv' ? csvStream(plan, layout) : xlsxStream(plan, layout);
  const filename = `assets-${plan.organisationSlug}-${plan.startedAt.toISOString().slice(0, 10)}.${plan.format}`;
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': mediaTypes[plan.format],
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'X-Export-Row-Count': String(plan.rowCount),
    },
  });
}
