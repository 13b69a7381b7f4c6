import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getConfig } from '@/lib/platform/config';
import { RedocViewer } from './redoc-viewer';

// The flag is read per request, so turning the docs off needs no rebuild.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'API reference' };

// /docs – interactive reference of the REST API: Redoc, served from our own node_modules, reading the generated
// OpenAPI document (ENABLE_API_DOCS)
export default function ApiDocsPage() {
  if (!getConfig().ENABLE_API_DOCS) notFound();
  return (
    <main className="min-h-screen bg-white">
      <h1 className="sr-only">API reference</h1>
      <noscript>
        <p className="p-8">
          The API reference needs JavaScript. The OpenAPI document itself is at <a href="/api/openapi.json">/api/openapi.json</a>.
        </p>
      </noscript>
      <RedocViewer bundleUrl="/docs/redoc.standalone.js" specUrl="/api/openapi.json" />
    </main>
  );
}
