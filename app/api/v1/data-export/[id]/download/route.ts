import { methodNotAllowed, publicRoute } from '@/lib/api/route';
import { dataExportFileResponse } from '@/lib/data-export/data-export-file-response';
import { downloadDataExport } from '@/lib/data-export/download-data-export';
import { DownloadDataExportParams, DownloadDataExportQuery } from '@/lib/data-export/schemas';

// GET /api/v1/data-export/{id}/download?token= – the file, once; the e-mailed token is the credential
export const GET = publicRoute({ params: DownloadDataExportParams, query: DownloadDataExportQuery }, async ({ tx, organisation, requestId, now, params, query }) =>
  dataExportFileResponse(await downloadDataExport(tx, { organisationId: organisation.id, requestId, now }, { dataExportId: params.id, token: query.token })),
);

export const PUT = methodNotAllowed(['GET']);
export const POST = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
