import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildOpenApiDocument, type OpenApiDocument } from '@/lib/transport/openapi/build-openapi-document';

/**
 * The published document as Prism reads it. Prism matches a request's path against the document's paths alone and
 * ignores the servers' base path (`…/api`), so every path is given that base here; an operation that names servers
 * of its own (the RFC 9728 metadata at the origin's root) keeps its path.
 */
export function toPrismDocument(document: OpenApiDocument): OpenApiDocument {
  const paths: NonNullable<OpenApiDocument['paths']> = {};
  for (const [route, item] of Object.entries(document.paths ?? {})) {
    const atOrigin = Object.values(item).some((operation) => typeof operation === 'object' && operation !== null && 'servers' in operation);
    paths[atOrigin ? route : `/api${route}`] = item;
  }
  return { ...document, paths };
}

/** Writes the document buildOpenApiDocument() builds, in Prism's form, to a file of its own. */
export function writePrismDocument(): { file: string; document: OpenApiDocument } {
  const document = toPrismDocument(buildOpenApiDocument());
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'qm-contract-')), 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  return { file, document };
}
