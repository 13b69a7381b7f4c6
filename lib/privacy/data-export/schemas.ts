import { z } from 'zod';
import { dataExportFormatEnum, dataExportStatusEnum } from '@/db/schema';
import { pageQuery } from '@/lib/platform/pagination';

export const DataExportFormat = z.enum(dataExportFormatEnum.enumValues);
export type DataExportFormat = z.infer<typeof DataExportFormat>;

export const DataExportStatus = z.enum(dataExportStatusEnum.enumValues);
export type DataExportStatus = z.infer<typeof DataExportStatus>;

export const RequestDataExportQuery = z.strictObject({
  format: DataExportFormat.default('json').describe('json (default): the machine-readable portability format, see schema.json. pdf: the same data as a readable report.'),
});
export type RequestDataExportQuery = z.infer<typeof RequestDataExportQuery>;

export const DataExportIdParams = z.object({ id: z.uuid() });

// Anything wrong with the token answers 404, like an unknown export, so the query is parsed loosely here and
// judged by the download itself.
export const DownloadDataExportQuery = z.object({
  token: z.string().max(256).optional().describe('The one-time token from the e-mailed link.'),
});
export type DownloadDataExportQuery = z.infer<typeof DownloadDataExportQuery>;

export const ListDataExportsQuery = z.strictObject({ ...pageQuery });
export type ListDataExportsQuery = z.infer<typeof ListDataExportsQuery>;

export const DataExport = z.object({
  id: z.uuid(),
  format: DataExportFormat,
  status: DataExportStatus.describe(
    'pending and running while the job works; ready once the link is e-mailed (downloadedAt tells whether it was used); failed; expired once the link lapsed unused.',
  ),
  progress: z
    .object({
      done: z.number().int().min(0).describe('Records assembled so far.'),
      total: z.number().int().min(0).nullable().describe('Records to assemble; null until counted.'),
    })
    .describe('For a progress bar; done equals total once the export is ready.'),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
  linkExpiresAt: z.iso.datetime().nullable().describe('When the e-mailed link stops working.'),
  downloadedAt: z.iso.datetime().nullable().describe('When the link was used; the file is deleted then.'),
  sizeBytes: z.number().int().nullable().describe('Size of the file; null until ready.'),
  error: z.string().nullable().describe('Why the export failed, in words meant for people.'),
});
export type DataExport = z.infer<typeof DataExport>;

// Like the token, a malformed id in an e-mailed link is just a link that leads nowhere: 404, not 400.
export const DownloadDataExportParams = z.object({ id: z.string().max(100) });
