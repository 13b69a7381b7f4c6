import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { getConfig } from '@/lib/platform/config';

export const dynamic = 'force-dynamic';

// Redoc's menu footer shows a logo from Redocly's CDN, which the page's CSP (img-src) refuses and which
// would tell a third party who reads our docs. An empty data: image fails to load, and Redoc then leaves
// the logo out; the "API docs by Redocly" credit stays.
const CDN_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';

async function loadBundle(): Promise<string> {
  const source = await readFile(path.join(process.cwd(), 'node_modules/redoc/bundles/redoc.standalone.js'), 'utf8');
  return source.replace(CDN_LOGO, 'data:,');
}

// The version pinned in package.json, read once; never fetched from a CDN at run time.
let bundle: Promise<string> | undefined;

// GET /docs/redoc.standalone.js – the Redoc bundle the API reference (/docs) loads (ENABLE_API_DOCS)
export async function GET(): Promise<Response> {
  if (!getConfig().ENABLE_API_DOCS) return new Response('Not found', { status: 404 });
  bundle ??= loadBundle();
  return new Response(await bundle, {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
