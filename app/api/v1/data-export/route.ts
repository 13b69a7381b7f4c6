import { json } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { requestDataExport } from '@/lib/privacy/data-export/request-data-export';
import * as dataExport from '@/lib/transport/operations/privacy/data-export';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(dataExport.requestDataExport, async ({ tx, ctx, query }) => {
    const { dataExport } = await requestDataExport(tx, ctx, query);
    return json(dataExport, { status: 202, headers: { Location: `/api/v1/data-export/${dataExport.id}` } });
  }),
});
