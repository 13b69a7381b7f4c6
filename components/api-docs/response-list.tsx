import type { DocumentView, ResponseView, SchemaView } from './document-view';
import { MarkdownText } from './markdown-text';
import { TypeLabel } from './schema-view';

function statusStyle(status: string): string {
  if (status.startsWith('2')) return 'bg-emerald-100 text-emerald-800';
  if (status.startsWith('4')) return 'bg-amber-100 text-amber-900';
  return 'bg-rose-100 text-rose-800';
}

function refName(ref: string): string {
  return ref.slice(ref.lastIndexOf('/') + 1);
}

function resolveResponse(response: ResponseView, document: DocumentView): ResponseView {
  return (response.$ref && document.components?.responses?.[refName(response.$ref)]) || response;
}

/** The codes an error response narrows the envelope to (see lib/openapi/error-responses.ts). */
function errorCodesOf(schema: SchemaView | undefined): string[] {
  const code = schema?.allOf?.[1]?.properties?.error?.properties?.code;
  return (code?.enum ?? []).map(String);
}

function ResponseItem({ status, response }: { status: string; response: ResponseView }) {
  const media = response.content?.['application/json'];
  const codes = errorCodesOf(media?.schema);
  const headers = Object.keys(response.headers ?? {});
  return (
    <li className="space-y-2 border-t border-slate-200 py-3 first:border-t-0">
      <div className="flex flex-wrap items-baseline gap-3">
        <span className={`rounded px-2 py-0.5 font-mono text-xs font-semibold ${statusStyle(status)}`}>{status}</span>
        {media?.schema && !codes.length && (
          <span className="text-sm">
            <TypeLabel schema={media.schema} />
          </span>
        )}
        {codes.map((code) => (
          <code key={code} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800">
            {code}
          </code>
        ))}
      </div>
      <MarkdownText source={response.description ?? ''} />
      {headers.length > 0 && (
        <p className="text-xs text-slate-600">
          Headers:{' '}
          {headers.map((name, index) => (
            <span key={name}>
              {index > 0 && ', '}
              <a href={`#header-${name}`} className="font-mono text-slate-800 underline decoration-slate-300 underline-offset-2">
                {name}
              </a>
            </span>
          ))}
        </p>
      )}
      {Object.entries(media?.examples ?? {}).map(([name, example]) => (
        <details key={name} className="text-xs">
          <summary className="cursor-pointer text-slate-700">Example: {name}</summary>
          <pre className="mt-1 overflow-x-auto rounded bg-slate-900 p-3 text-slate-100">{JSON.stringify(example.value, null, 2)}</pre>
        </details>
      ))}
    </li>
  );
}

export function responseAnchor(name: string): string {
  return `response-${name}`;
}

/** A shared response is described once on the page; operations link to it. */
function SharedResponseItem({ status, name, response }: { status: string; name: string; response: ResponseView }) {
  return (
    <li className="flex flex-wrap items-baseline gap-3 border-t border-slate-200 py-2 first:border-t-0">
      <span className={`rounded px-2 py-0.5 font-mono text-xs font-semibold ${statusStyle(status)}`}>{status}</span>
      {errorCodesOf(response.content?.['application/json']?.schema).map((code) => (
        <code key={code} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800">
          {code}
        </code>
      ))}
      <a href={`#${responseAnchor(name)}`} className="text-sm text-brand underline underline-offset-2">
        {name}
      </a>
    </li>
  );
}

export function ResponseList({ responses, document }: { responses: Record<string, ResponseView>; document: DocumentView }) {
  return (
    <ul>
      {Object.entries(responses).map(([status, response]) =>
        response.$ref ? (
          <SharedResponseItem key={status} status={status} name={refName(response.$ref)} response={resolveResponse(response, document)} />
        ) : (
          <ResponseItem key={status} status={status} response={response} />
        ),
      )}
    </ul>
  );
}

/** The full description of one shared response, for the page's list of common errors. */
export function SharedResponse({ status, response }: { status: string; response: ResponseView }) {
  return (
    <ul>
      <ResponseItem status={status} response={response} />
    </ul>
  );
}
