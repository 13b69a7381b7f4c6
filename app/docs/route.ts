import { readFile } from 'node:fs/promises';
import { getConfig } from '@/lib/platform/config';
import { API_DOCS_PAGE_FILE, apiDocsFile, NONCE_PLACEHOLDER } from './api-docs-files';

// The flag is read per request, so turning the docs off needs no rebuild.
export const dynamic = 'force-dynamic';

// Read once; `npm run build` writes it (scripts/build-api-docs.ts).
let page: Promise<string> | undefined;

// The request's CSP nonce, which proxy.ts puts in the policy it hands on with the request.
function nonceOf(request: Request): string {
  return /'nonce-([A-Za-z0-9+/=]+)'/.exec(request.headers.get('content-security-policy') ?? '')?.[1] ?? '';
}

// GET /docs – the interactive reference of the REST API (ENABLE_API_DOCS): Redoc's page for the generated OpenAPI
// document, prerendered at build time, its scripts run under this request's nonce. No Redoc on the server.
export async function GET(request: Request): Promise<Response> {
  if (!getConfig().ENABLE_API_DOCS) return new Response('Not found', { status: 404 });
  page ??= readFile(apiDocsFile(process.cwd(), API_DOCS_PAGE_FILE), 'utf8');
  let html: string;
  try {
    html = await page;
  } catch {
    page = undefined;
    // A build by `next build` alone, or `next dev` before any `npm run build`.
    return new Response('The API reference is not built: run `npm run build:api-docs` (`npm run build` does). The OpenAPI document is at /api/openapi.json.', {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  return new Response(html.split(NONCE_PLACEHOLDER).join(nonceOf(request)), {
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
