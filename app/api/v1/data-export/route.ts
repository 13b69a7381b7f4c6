import { json } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { requestDataExport } from '@/lib/privacy/data-export/request-data-export';
import { RequestDataExportQuery } from '@/lib/privacy/data-export/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/data-export – export the caller's data (spec 001): 202 with the export; the job e-mails a link
  GET: route({ role: 'EMPLOYEE', query: RequestDataExportQuery }, async ({ tx, ctx, query }) => {
    const { dataExport } = await requestDataExport(tx, ctx, query);
    return json(dataExport, { status: 202, headers: { Location: `/api/v1/data-export/${dataExport.id}` } });
  }),
});
