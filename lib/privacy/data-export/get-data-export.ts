import type { Tx } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import { findOwnDataExportRow, toDataExportDto } from './data-export-store';
import type { DataExport } from './schemas';

/** Status and progress of one of the caller's exports; another person's or tenant's is 404. */
export async function getDataExport(tx: Tx, ctx: RequestContext, dataExportId: string): Promise<DataExport> {
  return toDataExportDto(await findOwnDataExportRow(tx, ctx, dataExportId));
}
