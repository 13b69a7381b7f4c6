import { getDb } from '@/lib/platform/db/get-db';
import { holdLeaseWhileStreaming } from '@/lib/platform/export-lease/hold-lease-while-streaming';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { encodeAssetsExport } from './encode-assets-export';
import { layoutExportSheet } from './layout-export-sheet';
import { type ExportKey, type ExportRow, listExportBatch } from './list-export-batch';
import type { AssetsExportPlan } from './start-assets-export';

export const EXPORT_BATCH_SIZE = 1000;

const mediaTypes = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

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

/**
 * The download of a started export, for the transport to send as a file: the body reads the filtered set in
 * keyset batches as it is sent, the next batch only once the client has taken the last, and frees the export
 * slot when it ends or is cancelled.
 */
export function streamAssetsExport(plan: AssetsExportPlan): { filename: string; contentType: string; content: ReadableStream<Uint8Array>; headers: Record<string, string> } {
  const layout = layoutExportSheet(plan.customFields);
  const content = holdLeaseWhileStreaming(encodeAssetsExport(plan.format, layout, readBatches(plan)), plan.lease);
  const filename = `assets-${plan.organisationSlug}-${plan.startedAt.toISOString().slice(0, 10)}.${plan.format}`;
  return { filename, contentType: mediaTypes[plan.format], content, headers: { 'X-Export-Row-Count': String(plan.rowCount) } };
}
