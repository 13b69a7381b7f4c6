'use client';

import { Button } from '@/components/ui/button';
import { Field, FieldSet, Input, Select, Textarea } from '@/components/ui/field';
import type { CustomFieldDefinition } from '@/lib/lending/categories/schemas';
import type { SubmittedValues } from '@/lib/transport/portal/submitted-values';
import { fieldTypeLabels, fieldTypesInOrder } from './field-words';
import { useOrderedRows } from './use-ordered-rows';

type Row = {
  uid: number;
  /** Empty for a field added here: the server makes its key from the label. */
  key: string;
  label: string;
  type: string;
  required: boolean;
  options: string;
  /** The refusal's words for this row's parts, kept with the row when it is moved. */
  errors: Partial<Record<'label' | 'type' | 'options', string>>;
  added?: boolean;
};

const parts = ['label', 'type', 'options'] as const;

function rowsOf(stored: CustomFieldDefinition[], sent: SubmittedValues | undefined, error: (name: string) => string | undefined): Row[] {
  if (!sent) {
    return stored.map((field, uid) => ({ uid, key: field.key, label: field.label, type: field.type, required: field.required, options: (field.options ?? []).join('\n'), errors: {} }));
  }
  const indexes = Object.keys(sent)
    .flatMap((name) => /^customFields\.(\d+)\.label$/.exec(name)?.[1] ?? [])
    .map(Number)
    .sort((a, b) => a - b);
  return indexes.map((n, uid) => {
    const value = (part: string) => sent[`customFields.${n}.${part}`]?.[0] ?? '';
    const errors = Object.fromEntries(parts.flatMap((part) => (error(`customFields.${n}.${part}`) ? [[part, error(`customFields.${n}.${part}`)]] : [])));
    return { uid, key: value('key'), label: value('label'), type: value('type'), required: value('required') === 'on', options: value('options'), errors };
  });
}

type Props = {
  stored: CustomFieldDefinition[];
  sent: SubmittedValues | undefined;
  error: (name: string) => string | undefined;
};

/**
 * The fields every asset of a category has: each with a label, the kind of answer it takes, whether it is
 * required, and a choice list's choices. Rows are sent in the order they stand: the order assets show them.
 */
export function CustomFieldEditor({ stored, sent, error }: Props) {
  const { rows, update, remove, move, add: addRow } = useOrderedRows<Row>(() => rowsOf(stored, sent, error));
  const add = () => addRow((uid) => ({ uid, key: '', label: '', type: 'text', required: false, options: '', errors: {}, added: true }));

  return (
    <FieldSet id="custom-fields" legend="Fields of every asset in this category" error={error('customFields')} hint="Up to 50 fields. Assets show them in this order." className="space-y-3">
      {rows.length === 0 ? <p className="text-sm text-slate-600">No fields yet: assets of this category have only the usual details (name, serial number, model…).</p> : null}
      <ol className="space-y-3">
        {rows.map((row, index) => {
          const id = `cf-${row.uid}`;
          const name = (part: string) => `customFields.${index}.${part}`;
          const title = row.label.trim() || `field ${index + 1}`;
          return (
            <li key={row.uid} className="rounded-lg border border-slate-200 bg-slate-50/60 p-3" data-testid="custom-field-row">
              <input type="hidden" name={name('key')} value={row.key} />
              <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm font-semibold text-slate-700">Field {index + 1}</p>
                <div className="flex flex-wrap gap-1">
                  <Button size="sm" variant="ghost" onClick={() => move(index, -1)} disabled={index === 0} aria-label={`Move ${title} up`}>
                    ↑ Up
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => move(index, 1)} disabled={index === rows.length - 1} aria-label={`Move ${title} down`}>
                    ↓ Down
                  </Button>
                  <Button size="sm" variant="ghost-danger" onClick={() => remove(row.uid)} aria-label={`Remove ${title}`}>
                    Remove
                  </Button>
                </div>
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <Field label="Label" htmlFor={`${id}-label`} error={row.errors.label}>
                  <Input name={name('label')} value={row.label} maxLength={100} autoComplete="off" autoFocus={row.added} onChange={(event) => update(row.uid, { label: event.target.value })} />
                </Field>
                <Field label="Kind of answer" htmlFor={`${id}-type`} error={row.errors.type}>
                  <Select name={name('type')} value={row.type} onChange={(event) => update(row.uid, { type: event.target.value })}>
                    {fieldTypesInOrder.includes(row.type as never) ? null : <option value={row.type}>Choose…</option>}
                    {fieldTypesInOrder.map((type) => (
                      <option key={type} value={type}>
                        {fieldTypeLabels[type]}
                      </option>
                    ))}
                  </Select>
                </Field>
                {row.type === 'select' ? (
                  <Field label="Choices, one per line" htmlFor={`${id}-options`} error={row.errors.options} className="sm:col-span-2" hint="People pick one of these for each asset.">
                    <Textarea name={name('options')} value={row.options} rows={4} onChange={(event) => update(row.uid, { options: event.target.value })} />
                  </Field>
                ) : null}
                <label className="flex items-start gap-2 text-sm text-slate-800 sm:col-span-2">
                  <input
                    type="checkbox"
                    name={name('required')}
                    checked={row.required}
                    onChange={(event) => update(row.uid, { required: event.target.checked })}
                    className="mt-0.5 size-4 rounded border-slate-300 accent-[var(--color-brand)]"
                  />
                  <span>
                    Required <span className="text-slate-600">— an asset of this category cannot be saved without it</span>
                  </span>
                </label>
              </div>
            </li>
          );
        })}
      </ol>
      <Button variant="secondary" size="sm" onClick={add}>
        + Add a field
      </Button>
    </FieldSet>
  );
}
