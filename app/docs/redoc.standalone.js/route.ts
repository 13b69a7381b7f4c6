import { readFile } from 'node:fs/promises';
import { getConfig } from '@/lib/platform/config';
import { API_DOCS_BUNDLE_FILE, apiDocsFile } from '../api-docs-files';

export const dynamic = 'force-dynamic';

// Read once: the copy `npm run build` made of @redocly/cli's bundle (scripts/build-api-docs.ts), never a CDN's.
let bundle: Promise<string> | undefined;

// GET /docs/redoc.standalone.js – the Redoc bundle the API reference (/docs) imports (ENABLE_API_DOCS)
export async function GET(): Promise<Response> {
  if (!getConfig().ENABLE_API_DOCS) return new Response('Not found', { status: 404 });
  bundle ??= readFile(apiDocsFile(process.cwd(), API_DOCS_BUNDLE_FILE), 'utf8').catch((error: unknown) => {
    bundle = undefined;
    throw error;
  });
  return new Response(await bundle, {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
