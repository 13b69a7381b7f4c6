import { getOpenApiDocument } from '@/lib/transport/openapi/build-openapi-document';

// The document depends on code only: rendered once at build time.
export const dynamic = 'force-static';

// GET /api/openapi.json – the OpenAPI 3.1 description of this API; public, no token and no tenant
export function GET(): Response {
  return Response.json(getOpenApiDocument(), {
    // Public by nature; lets browser-based tools on other origins load it.
    headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'public, max-age=300' },
  });
}
