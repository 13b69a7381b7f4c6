import type { OpenApiDocument } from '@/lib/openapi/build-openapi-document';

// The parts of an OpenAPI 3.1 document the reference page renders.
export type SchemaView = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  description?: string;
  items?: SchemaView;
  properties?: Record<string, SchemaView>;
  required?: string[];
  additionalProperties?: boolean | SchemaView;
  anyOf?: SchemaView[];
  oneOf?: SchemaView[];
  allOf?: SchemaView[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  pattern?: string;
};

export type HeaderView = { $ref?: string; description?: string; schema?: SchemaView };
export type ExampleView = { summary?: string; value?: unknown };
export type MediaTypeView = { schema?: SchemaView; examples?: Record<string, ExampleView> };
export type ResponseView = { $ref?: string; description?: string; headers?: Record<string, HeaderView>; content?: Record<string, MediaTypeView> };
export type ParameterView = { $ref?: string; name?: string; in?: string; required?: boolean; description?: string; schema?: SchemaView };

export type OperationView = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: ParameterView[];
  requestBody?: { $ref?: string; required?: boolean; content?: Record<string, MediaTypeView> };
  responses?: Record<string, ResponseView>;
  'x-roles'?: string[];
};

export const httpMethods = ['get', 'post', 'put', 'patch', 'delete'] as const;

type PathItemView = { description?: string } & Partial<Record<(typeof httpMethods)[number], OperationView>>;

export type DocumentView = {
  info: { title: string; version: string; description?: string };
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths?: Record<string, PathItemView>;
  components?: {
    schemas?: Record<string, SchemaView>;
    responses?: Record<string, ResponseView>;
    headers?: Record<string, HeaderView>;
  };
};

export type LocatedOperation = { method: (typeof httpMethods)[number]; path: string; pathNote?: string; operation: OperationView };

export function toDocumentView(document: OpenApiDocument): DocumentView {
  return document;
}

export type OperationGroup = { tag: string; description?: string; operations: LocatedOperation[] };

/** Operations grouped by their first tag, in the order of the document's tag list. */
export function groupOperationsByTag(document: DocumentView): OperationGroup[] {
  const located: LocatedOperation[] = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    httpMethods.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ method, path, pathNote: item.description, operation }] : [];
    }),
  );
  const tagOf = (entry: LocatedOperation) => entry.operation.tags?.[0] ?? 'Other';
  const names = [...new Set([...(document.tags ?? []).map((tag) => tag.name), ...located.map(tagOf)])];
  return names
    .map((name) => ({
      tag: name,
      description: document.tags?.find((tag) => tag.name === name)?.description,
      operations: located.filter((entry) => tagOf(entry) === name),
    }))
    .filter((group) => group.operations.length > 0);
}

/** Status of each shared response component, taken from the operations that refer to it. */
export function findSharedResponseStatuses(document: DocumentView): Map<string, string> {
  const statuses = new Map<string, string>();
  for (const item of Object.values(document.paths ?? {})) {
    for (const method of httpMethods) {
      for (const [status, response] of Object.entries(item[method]?.responses ?? {})) {
        if (response.$ref) statuses.set(response.$ref.slice(response.$ref.lastIndexOf('/') + 1), status);
      }
    }
  }
  return statuses;
}
