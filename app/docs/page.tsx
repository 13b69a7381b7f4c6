import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { groupOperationsByTag, toDocumentView } from '@/components/api-docs/document-view';
import { MarkdownText } from '@/components/api-docs/markdown-text';
import { MethodBadge, OperationSection, operationAnchor } from '@/components/api-docs/operation-section';
import { CommonResponsesSection, HeadersSection, SchemasSection } from '@/components/api-docs/reference-sections';
import { getConfig } from '@/lib/config';
import { getOpenApiDocument } from '@/lib/openapi/build-openapi-document';

// The flag is read per request, so turning the docs off needs no rebuild.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'API reference' };

const referenceLinks = [
  ['responses', 'Common error responses'],
  ['schemas', 'Schemas'],
  ['headers', 'Response headers'],
] as const;

const tagAnchor = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

// /docs – interactive reference of the REST API, rendered from the generated OpenAPI document (ENABLE_API_DOCS)
export default function ApiDocsPage() {
  if (!getConfig().ENABLE_API_DOCS) notFound();
  const document = toDocumentView(getOpenApiDocument());
  const groups = groupOperationsByTag(document);
  return (
    <div className="mx-auto flex max-w-7xl gap-10 px-4 py-8 lg:px-8">
      <a href="#content" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow">
        Skip to content
      </a>
      <nav aria-label="API reference" className="sticky top-8 hidden max-h-[calc(100vh-4rem)] w-64 shrink-0 overflow-y-auto text-sm lg:block">
        <ul className="space-y-5">
          {groups.map((group) => (
            <li key={group.tag}>
              <a href={`#${tagAnchor(group.tag)}`} className="font-semibold text-slate-900 hover:text-brand">
                {group.tag}
              </a>
              <ul className="mt-2 space-y-1">
                {group.operations.map((located) => (
                  <li key={operationAnchor(located)}>
                    <a href={`#${operationAnchor(located)}`} className="flex items-center gap-2 rounded px-1 py-0.5 text-slate-700 hover:bg-slate-100">
                      <MethodBadge method={located.method} />
                      <span className="truncate">{located.operation.summary}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
          {referenceLinks.map(([anchor, label]) => (
            <li key={anchor}>
              <a href={`#${anchor}`} className="font-semibold text-slate-900 hover:text-brand">
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="content" className="min-w-0 flex-1 space-y-12">
        <header className="space-y-4">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand">API reference</p>
          <h1 className="text-3xl font-semibold text-slate-900">
            {document.info.title} <span className="align-middle text-base font-normal text-slate-500">v{document.info.version}</span>
          </h1>
          <p className="text-sm text-slate-600">
            OpenAPI 3.1 document:{' '}
            <a href="/api/openapi.json" className="font-mono text-brand underline underline-offset-2">
              /api/openapi.json
            </a>
          </p>
          <ul className="space-y-1 text-sm text-slate-700">
            {document.servers?.map((server) => (
              <li key={server.url}>
                <code className="font-mono">{server.url}</code>
                {server.description && <span className="text-slate-500"> – {server.description}</span>}
              </li>
            ))}
          </ul>
        </header>
        {document.info.description && (
          <section aria-label="Guide" className="max-w-3xl">
            <MarkdownText source={document.info.description} headingLevel={2} />
          </section>
        )}
        {groups.map((group) => (
          <section key={group.tag} id={tagAnchor(group.tag)} aria-labelledby={`${tagAnchor(group.tag)}-title`} className="scroll-mt-6 space-y-6">
            <div>
              <h2 id={`${tagAnchor(group.tag)}-title`} className="text-2xl font-semibold text-slate-900">
                {group.tag}
              </h2>
              {group.description && <p className="mt-1 text-slate-600">{group.description}</p>}
            </div>
            {group.operations.map((located) => (
              <OperationSection key={operationAnchor(located)} located={located} document={document} />
            ))}
          </section>
        ))}
        <CommonResponsesSection document={document} />
        <SchemasSection document={document} />
        <HeadersSection document={document} />
      </main>
    </div>
  );
}
