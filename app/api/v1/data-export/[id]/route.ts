import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getDataExport } from '@/lib/privacy/data-export/get-data-export';
import { DataExportIdParams } from '@/lib/privacy/data-export/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/data-export/{id} – status and progress of one of the caller's exports
  GET: route({ role: 'EMPLOYEE', params: DataExportIdParams }, async ({ tx, ctx, params }) => ok(await getDataExport(tx, ctx, params.id))),
});
