// `npm run build:api-docs` (the last step of `npm run build`): the API reference that /docs serves, prerendered at
// build time by @redocly/cli build-docs (Redoc 3) from the OpenAPI document this build serves at /api/openapi.json.
// The server needs no Redoc at run time, and the page loads nothing from elsewhere: the bundle is @redocly/cli's own
// copy, served from this site (/docs/redoc.standalone.js), with its two CDN logos replaced by empty images.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_DOCS_BUNDLE_FILE, API_DOCS_BUNDLE_PATH, API_DOCS_PAGE_FILE, apiDocsFile, NONCE_PLACEHOLDER } from '@/app/docs/api-docs-files';
import { buildOpenApiDocument } from '@/lib/transport/openapi/build-openapi-document';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = path.join(root, 'node_modules/@redocly/cli/bin/cli.js');
// The bundle build-docs imports from the CDN unless told to inline it; the same file, shipped in the package.
const bundleSource = path.join(root, 'node_modules/@redocly/cli/lib/chunks/redoc.standalone.js');
const CDN_BUNDLE = /https:\/\/cdn\.redocly\.com\/redoc\/v[\d.]+\/bundles\/redoc\.standalone\.js/g;
// The menu footer's "API docs by Redocly" logo: an empty data: image fails to load, and Redoc leaves the logo out.
const CDN_LOGOS = ['https://cdn.redoc.ly/redoc/logo-mini-full.svg', 'https://cdn.redoc.ly/redoc/logo-mini.svg'];

function replaceExactlyOnce(text: string, search: string, replacement: string): string {
  const parts = text.split(search);
  if (parts.length !== 2) throw new Error(`build-api-docs: expected "${search}" once in the output, found it ${parts.length - 1} times`);
  return parts.join(replacement);
}

function buildPage(work: string): string {
  const specFile = path.join(work, 'openapi.json');
  const pageFile = path.join(work, 'page.html');
  writeFileSync(specFile, JSON.stringify(buildOpenApiDocument()));
  const result = spawnSync(
    process.execPath,
    [cli, 'build-docs', specFile, `--output=${pageFile}`, '--title=API reference', `--template=${path.join(root, 'scripts/api-docs/template.hbs')}`, `--config=${path.join(root, 'redocly.yaml')}`],
    // No telemetry and no update check: the build must not reach the network.
    { encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
  );
  if (result.status !== 0) throw new Error(`redocly build-docs failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  let page = readFileSync(pageFile, 'utf8');
  const cdnImports = page.match(CDN_BUNDLE) ?? [];
  // The module preload in the head and the import of hydrate() at the end of the body.
  if (cdnImports.length !== 2) throw new Error(`build-api-docs: expected the CDN bundle twice in the page, found ${cdnImports.length}`);
  page = page.replace(CDN_BUNDLE, API_DOCS_BUNDLE_PATH);
  // The preload's integrity hash and CORS mode are for the CDN copy; the site's own copy differs by the logos.
  page = page.replace(/<link rel="modulepreload" href="([^"]+)" integrity="[^"]+" crossorigin="anonymous" \/>/, '<link rel="modulepreload" href="$1" />');
  // The prerendered links are router paths from the root ("/assets"); in the browser Redoc routes by the fragment
  // (/docs#/assets) and renders its links so, which these must match to open the right page in a new tab too.
  page = page.replace(/(<a\b[^>]*\bhref=")\/([^"]*"[^>]*\bdata-discover="true")/g, '$1#/$2');
  if (!page.includes(`"disableTelemetry":true`)) throw new Error('build-api-docs: telemetry is not disabled in the page (redocly.yaml: telemetry: off)');
  // Under the page's CSP a script runs only with the request's nonce: every script and preload tag gets a placeholder,
  // which /docs replaces per request. The document's own text has no "<" (build-docs writes it as \u003c).
  page = page.replace(/<script(?=[\s>])/g, `<script nonce="${NONCE_PLACEHOLDER}"`).replace(/<link rel="modulepreload"/g, `<link rel="modulepreload" nonce="${NONCE_PLACEHOLDER}"`);
  return page;
}

function buildBundle(): string {
  let bundle = readFileSync(bundleSource, 'utf8');
  for (const logo of CDN_LOGOS) bundle = replaceExactlyOnce(bundle, logo, 'data:,');
  return bundle;
}

/** What the page would fetch from another origin by itself: script, image and frame sources, linked resources, CSS url()s, imports. */
function externalLoads(page: string): string[] {
  const patterns = [
    /<(?:script|img|iframe|source|video|audio|embed)\b[^>]*\bsrc=["']?(?:https?:)?\/\/[^"'\s>]+/gi,
    /<link\b[^>]*\bhref=["']?(?:https?:)?\/\/[^"'\s>]+/gi,
    /url\(\s*["']?(?:https?:)?\/\/[^"')\s]+/gi,
    /\bimport\b[^;"'`]*["'`](?:https?:)?\/\/[^"'`\s]+/g,
  ];
  return patterns.flatMap((pattern) => [...page.matchAll(pattern)].map((match) => match[0]));
}

function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'api-docs-'));
  try {
    const page = buildPage(work);
    const bundle = buildBundle();
    const loads = externalLoads(page);
    if (loads.length > 0) throw new Error(`build-api-docs: the reference would load from elsewhere:\n${loads.join('\n')}`);
    mkdirSync(path.dirname(apiDocsFile(root, API_DOCS_PAGE_FILE)), { recursive: true });
    writeFileSync(apiDocsFile(root, API_DOCS_PAGE_FILE), page);
    writeFileSync(apiDocsFile(root, API_DOCS_BUNDLE_FILE), bundle);
    console.log(`API reference: ${apiDocsFile(root, API_DOCS_PAGE_FILE)} (${Math.round(page.length / 1024)} KiB) and ${API_DOCS_BUNDLE_FILE} (${Math.round(bundle.length / 1024)} KiB)`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main();
