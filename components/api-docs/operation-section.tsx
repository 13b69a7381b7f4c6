import type { DocumentView, LocatedOperation, ParameterView, SchemaView } from './document-view';
import { InlineText, MarkdownText } from './markdown-text';
import { ResponseList } from './response-list';
import { PropertyTable, SchemaDescription, TypeLabel } from './schema-view';

const methodStyles: Record<LocatedOperation['method'], string> = {
  get: 'bg-emerald-100 text-emerald-800',
  post: 'bg-sky-100 text-sky-800',
  put: 'bg-slate-200 text-slate-800',
  patch: 'bg-amber-100 text-amber-900',
  delete: 'bg-rose-100 text-rose-800',
};

export function operationAnchor({ method, path, operation }: LocatedOperation): string {
  return operation.operationId ?? `${method}-${path.replace(/[^a-z0-9]+/gi, '-')}`;
}

export function MethodBadge({ method }: { method: LocatedOperation['method'] }) {
  return <span className={`inline-block w-16 rounded px-2 py-0.5 text-center font-mono text-xs font-bold uppercase ${methodStyles[method]}`}>{method}</span>;
}

function SubHeading({ children }: { children: string }) {
  return <h4 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{children}</h4>;
}

function ParameterTable({ parameters }: { parameters: ParameterView[] }) {
  return (
    <table className="w-full border-collapse text-left text-sm">
      <thead>
        <tr className="text-xs text-slate-500">
          <th scope="col" className="py-1 pr-4 font-medium">Name</th>
          <th scope="col" className="py-1 pr-4 font-medium">In</th>
          <th scope="col" className="py-1 pr-4 font-medium">Type</th>
          <th scope="col" className="py-1 font-medium">Description</th>
        </tr>
      </thead>
      <tbody>
        {parameters.map((parameter) => {
          const schema: SchemaView = { ...parameter.schema, description: parameter.description ?? parameter.schema?.description };
          return (
            <tr key={`${parameter.in}-${parameter.name}`} className="border-t border-slate-200 align-top">
              <td className="whitespace-nowrap py-2 pr-4 font-mono text-slate-900">
                {parameter.name}
                {parameter.required && <span className="ml-1 font-sans text-xs font-semibold text-rose-700">required</span>}
              </td>
              <td className="py-2 pr-4 text-slate-600">{parameter.in}</td>
              <td className="py-2 pr-4 text-slate-700">
                <TypeLabel schema={schema} />
              </td>
              <td className="w-full py-2 text-slate-700">
                <SchemaDescription schema={schema} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function RequestBody({ schema, document }: { schema: SchemaView; document: DocumentView }) {
  const resolved = schema.$ref ? document.components?.schemas?.[schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1)] : schema;
  return (
    <div className="space-y-2 text-sm">
      <p className="text-slate-700">
        <code className="font-mono text-xs">application/json</code>: <TypeLabel schema={schema} />
      </p>
      {resolved && (
        <>
          <SchemaDescription schema={{ ...resolved, properties: undefined }} />
          <PropertyTable schema={resolved} />
        </>
      )}
    </div>
  );
}

export function OperationSection({ located, document }: { located: LocatedOperation; document: DocumentView }) {
  const { method, path, pathNote, operation } = located;
  const anchor = operationAnchor(located);
  const isPublic = operation.security?.length === 0;
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  return (
    <section id={anchor} aria-labelledby={`${anchor}-title`} className="scroll-mt-6 space-y-5 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-3">
          <MethodBadge method={method} />
          <code className="break-all font-mono text-sm text-slate-900">{path}</code>
        </div>
        <h3 id={`${anchor}-title`} className="text-lg font-semibold text-slate-900">
          {operation.summary}
        </h3>
        <p className="text-xs text-slate-600">
          {isPublic ? 'Public: no token needed.' : `Bearer token. Roles allowed: ${(operation['x-roles'] ?? []).join(', ')}.`}
        </p>
      </header>
      {operation.description && <MarkdownText source={operation.description} headingLevel={4} />}
      {pathNote && (
        <p className="text-xs text-slate-600">
          <InlineText text={pathNote} />
        </p>
      )}
      {operation.parameters && operation.parameters.length > 0 && (
        <div className="space-y-2">
          <SubHeading>Parameters</SubHeading>
          <ParameterTable parameters={operation.parameters} />
        </div>
      )}
      {bodySchema && (
        <div className="space-y-2">
          <SubHeading>Request body</SubHeading>
          <RequestBody schema={bodySchema} document={document} />
        </div>
      )}
      <div className="space-y-2">
        <SubHeading>Responses</SubHeading>
        <ResponseList responses={operation.responses ?? {}} document={document} />
      </div>
    </section>
  );
}
