import type { ReactNode } from 'react';
import type { SchemaView } from './document-view';
import { InlineText } from './markdown-text';

const MAX_DEPTH = 4;

export function schemaAnchor(name: string): string {
  return `schema-${name}`;
}

function refName(ref: string): string {
  return ref.slice(ref.lastIndexOf('/') + 1);
}

function SchemaLink({ name }: { name: string }) {
  return (
    <a href={`#${schemaAnchor(name)}`} className="font-mono text-brand underline underline-offset-2">
      {name}
    </a>
  );
}

/** A one-line type: `string (uuid) | null`, `Asset[]`, `ErrorEnvelope & object`. */
export function TypeLabel({ schema }: { schema: SchemaView }): ReactNode {
  if (schema.$ref) return <SchemaLink name={refName(schema.$ref)} />;
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants) {
    const separator = schema.allOf ? ' & ' : ' | ';
    return variants.map((variant, index) => (
      <span key={index}>
        {index > 0 && separator}
        <TypeLabel schema={variant} />
      </span>
    ));
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'any'];
  return types.map((type, index) => (
    <span key={index} className="font-mono">
      {index > 0 && ' | '}
      {type === 'array' && schema.items ? (
        <>
          <TypeLabel schema={schema.items} />
          []
        </>
      ) : (
        type
      )}
      {type !== 'null' && schema.format ? ` (${schema.format})` : ''}
    </span>
  ));
}

function describeBounds(min: number | undefined, max: number | undefined, unit: string): string | undefined {
  if (min !== undefined && max !== undefined) return `${min}–${max}${unit}.`;
  if (min !== undefined) return `At least ${min}${unit}.`;
  if (max !== undefined) return `At most ${max}${unit}.`;
  return undefined;
}

function constraintsOf(schema: SchemaView): string[] {
  const facts: (string | undefined)[] = [];
  if (schema.enum) facts.push(`One of: ${schema.enum.map((value) => `\`${String(value)}\``).join(', ')}.`);
  if (schema.const !== undefined) facts.push(`Always \`${String(schema.const)}\`.`);
  if (schema.default !== undefined) facts.push(`Default: \`${JSON.stringify(schema.default)}\`.`);
  facts.push(describeBounds(schema.minLength, schema.maxLength, ' characters'));
  facts.push(describeBounds(schema.minimum, schema.maximum, ''));
  facts.push(describeBounds(schema.minItems, schema.maxItems, ' items'));
  if (schema.pattern) facts.push(`Pattern \`${schema.pattern}\`.`);
  if (schema.minProperties) facts.push(`Send at least ${schema.minProperties} field.`);
  if (schema.additionalProperties === false) facts.push('No other fields are accepted.');
  return facts.filter((fact): fact is string => fact !== undefined);
}

function nestedOf(schema: SchemaView): SchemaView | undefined {
  if (schema.properties) return schema;
  if (schema.items?.properties) return schema.items;
  return schema.anyOf?.find((variant) => variant.properties);
}

export function SchemaDescription({ schema, depth = 0 }: { schema: SchemaView; depth?: number }) {
  const nested = depth < MAX_DEPTH ? nestedOf(schema) : undefined;
  const facts = [schema.description, ...constraintsOf(schema)].filter((fact): fact is string => Boolean(fact));
  return (
    <div className="space-y-1">
      {facts.map((fact, index) => (
        <p key={index}>
          <InlineText text={fact} />
        </p>
      ))}
      {schema.allOf?.map((part, index) => (part.properties ? <PropertyTable key={index} schema={part} depth={depth + 1} /> : null))}
      {nested && <PropertyTable schema={nested} depth={depth + 1} />}
    </div>
  );
}

export function PropertyTable({ schema, depth = 0 }: { schema: SchemaView; depth?: number }) {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) return null;
  const required = new Set(schema.required ?? []);
  return (
    <table className="w-full border-collapse text-left text-sm">
      <thead className="sr-only">
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Type</th>
          <th scope="col">Description</th>
        </tr>
      </thead>
      <tbody>
        {properties.map(([name, property]) => (
          <tr key={name} className="border-t border-slate-200 align-top">
            <td className="whitespace-nowrap py-2 pr-4 font-mono text-slate-900">
              {name}
              {required.has(name) && <span className="ml-1 text-xs font-sans font-semibold text-rose-700">required</span>}
            </td>
            <td className="py-2 pr-4 text-slate-700">
              <TypeLabel schema={property} />
            </td>
            <td className="w-full py-2 text-slate-700">
              <SchemaDescription schema={property} depth={depth} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A named component schema: its description and its fields. */
export function SchemaBlock({ schema }: { schema: SchemaView }) {
  return (
    <div className="space-y-2 text-sm">
      <SchemaDescription schema={{ ...schema, properties: undefined }} />
      <PropertyTable schema={schema} />
    </div>
  );
}
