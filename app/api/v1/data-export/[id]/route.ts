import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getDataExport } from '@/lib/privacy/data-export/get-data-export';
import * as dataExport from '@/lib/transport/operations/privacy/data-export';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(dataExport.getDataExport, async ({ tx, ctx, params }) => ok(await getDataExport(tx, ctx, params.id))),
});
