import { type DocumentView, findSharedResponseStatuses } from './document-view';
import { responseAnchor, SharedResponse } from './response-list';
import { SchemaBlock, schemaAnchor } from './schema-view';

function SectionTitle({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="text-2xl font-semibold text-slate-900">
      {children}
    </h2>
  );
}

const card = 'scroll-mt-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm';

export function CommonResponsesSection({ document }: { document: DocumentView }) {
  const statuses = findSharedResponseStatuses(document);
  return (
    <section id="responses" aria-labelledby="responses-title" className="scroll-mt-6 space-y-6">
      <SectionTitle id="responses-title">Common error responses</SectionTitle>
      {Object.entries(document.components?.responses ?? {}).map(([name, response]) => (
        <article key={name} id={responseAnchor(name)} aria-labelledby={`${responseAnchor(name)}-title`} className={card}>
          <h3 id={`${responseAnchor(name)}-title`} className="mb-2 font-mono text-lg font-semibold text-slate-900">
            {name}
          </h3>
          <SharedResponse status={statuses.get(name) ?? 'default'} response={response} />
        </article>
      ))}
    </section>
  );
}

export function SchemasSection({ document }: { document: DocumentView }) {
  return (
    <section id="schemas" aria-labelledby="schemas-title" className="scroll-mt-6 space-y-6">
      <SectionTitle id="schemas-title">Schemas</SectionTitle>
      {Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => (
        <article key={name} id={schemaAnchor(name)} aria-labelledby={`${schemaAnchor(name)}-title`} className={card}>
          <h3 id={`${schemaAnchor(name)}-title`} className="mb-3 font-mono text-lg font-semibold text-slate-900">
            {name}
          </h3>
          <SchemaBlock schema={schema} />
        </article>
      ))}
    </section>
  );
}

export function HeadersSection({ document }: { document: DocumentView }) {
  return (
    <section id="headers" aria-labelledby="headers-title" className="scroll-mt-6 space-y-4">
      <SectionTitle id="headers-title">Response headers</SectionTitle>
      <dl className={`${card} space-y-3 text-sm`}>
        {Object.entries(document.components?.headers ?? {}).map(([name, header]) => (
          <div key={name} id={`header-${name}`} className="scroll-mt-6">
            <dt className="font-mono font-semibold text-slate-900">{name}</dt>
            <dd className="text-slate-700">{header.description}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
