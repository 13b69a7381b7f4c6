import { resource } from '@/lib/transport/http/resource';
import { exportDocumentJsonSchema } from '@/lib/privacy/data-export/export-document';

// GET /api/v1/data-export/schema.json – the JSON Schema (2020-12) of the portability format; public, no token and no tenant
function serveExportSchema(): Response {
  return new Response(JSON.stringify(exportDocumentJsonSchema(), null, 2), {
    // Public by nature; lets validators and importers on other origins load it.
    headers: { 'Content-Type': 'application/schema+json', 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'public, max-age=300' },
  });
}

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: serveExportSchema,
});
