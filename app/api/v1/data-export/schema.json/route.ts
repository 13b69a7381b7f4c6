import { resource } from '@/lib/transport/http/resource';
import { exportDocumentJsonSchema } from '@/lib/privacy/data-export/export-document';
import { served } from '@/lib/transport/operations/operation';
import * as dataExport from '@/lib/transport/operations/privacy/data-export';

function serveExportSchema(): Response {
  return new Response(JSON.stringify(exportDocumentJsonSchema(), null, 2), {
    // Public by nature; lets validators and importers on other origins load it.
    headers: { 'Content-Type': 'application/schema+json', 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'public, max-age=300' },
  });
}

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: served(dataExport.getDataExportSchema, serveExportSchema),
});
