import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { dataExports } from '@/db/schema';
import { GoneError, NotFoundError } from '@/lib/platform/core/errors';
import type { DataExport, DataExportFormat, DataExportStatus } from './schemas';

export const dataExportNotFound = (dataExportId: string) => new NotFoundError('DATA_EXPORT_NOT_FOUND', 'The data export does not exist.', { dataExportId });

export const dataExportLinkUsed = (dataExportId: string) =>
  new GoneError('DATA_EXPORT_LINK_USED', 'This download link has already been used, and the file was deleted then. Request a new export.', { dataExportId });

export const dataExportLinkExpired = (dataExportId: string) =>
  new GoneError('DATA_EXPORT_LINK_EXPIRED', 'This download link has expired, and the file was deleted. Request a new export.', { dataExportId });

/** Every column but the content and the token digest: the resource never carries either. */
export const dataExportColumns = {
  id: dataExports.id,
  format: dataExports.format,
  status: dataExports.status,
  progressDone: dataExports.progressDone,
  progressTotal: dataExports.progressTotal,
  createdAt: dataExports.createdAt,
  completedAt: dataExports.completedAt,
  linkExpiresAt: dataExports.linkExpiresAt,
  downloadedAt: dataExports.downloadedAt,
  sizeBytes: dataExports.sizeBytes,
  error: dataExports.error,
};

export type DataExportRow = {
  id: string;
  format: DataExportFormat;
  status: DataExportStatus;
  progressDone: number;
  progressTotal: number | null;
  createdAt: Date;
  completedAt: Date | null;
  linkExpiresAt: Date | null;
  downloadedAt: Date | null;
  sizeBytes: number | null;
  error: string | null;
};

export function toDataExportDto(row: DataExportRow): DataExport {
  return {
    id: row.id,
    format: row.format,
    status: row.status,
    progress: { done: row.progressDone, total: row.progressTotal },
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    linkExpiresAt: row.linkExpiresAt?.toISOString() ?? null,
    downloadedAt: row.downloadedAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes,
    error: row.error,
  };
}

/**
 * One export of the caller's own person (the requester, or another account of the same person); anyone else's
 * answers the same 404 as an id that does not exist.
 */
export async function findOwnDataExportRow(tx: Executor, ctx: { organisationId: string; user: { personId: string } }, dataExportId: string): Promise<DataExportRow> {
  const [row] = await tx
    .select(dataExportColumns)
    .from(dataExports)
    .where(and(eq(dataExports.organisationId, ctx.organisationId), eq(dataExports.id, dataExportId), eq(dataExports.personId, ctx.user.personId)));
  if (!row) throw dataExportNotFound(dataExportId);
  return row;
}
