import { getOpenApiDocument } from '@/lib/transport/openapi/build-openapi-document';
import { served } from '@/lib/transport/operations/operation';
import * as health from '@/lib/transport/operations/platform/health';

// The document depends on code only: rendered once at build time.
export const dynamic = 'force-static';

export const GET = served(health.getOpenApiDocument, (): Response =>
  Response.json(getOpenApiDocument(), {
    // Public by nature; lets browser-based tools on other origins load it.
    headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'public, max-age=300' },
  }),
);
