import path from 'node:path';

// Where `npm run build` leaves the API reference (scripts/build-api-docs.ts) and how /docs serves it. Inside .next,
// so every production build replaces it and `next build` alone removes a stale one.

/** The folder, relative to the project root (the server's working directory). */
export const API_DOCS_DIR = '.next/api-docs';
/** The prerendered page: Redoc's markup, styles and the OpenAPI document, loading the bundle below. */
export const API_DOCS_PAGE_FILE = 'index.html';
/** Redoc's standalone bundle (an ES module), as @redocly/cli ships it, without its references to a CDN. */
export const API_DOCS_BUNDLE_FILE = 'redoc.standalone.js';
/** Where /docs loads the bundle from (app/docs/redoc.standalone.js/route.ts). */
export const API_DOCS_BUNDLE_PATH = '/docs/redoc.standalone.js';
/** Stands in the page for the request's CSP nonce, which /docs writes into every script and preload tag. */
export const NONCE_PLACEHOLDER = '__QM_CSP_NONCE__';

export function apiDocsFile(root: string, file: string): string {
  return path.join(root, API_DOCS_DIR, file);
}
