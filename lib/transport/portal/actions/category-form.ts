import { z } from 'zod';
import { CreateCategoryBody } from '@/lib/lending/categories/schemas';
import { deriveFieldKey } from '@/lib/lending/categories/derive-field-key';

export const customFieldTypes = ['text', 'number', 'date', 'boolean', 'select'] as const;
export const MAX_CUSTOM_FIELDS = 50;
const MAX_OPTIONS = 100;

/** One row of the field editor as the browser sends it: `customFields.<n>.<part>`. */
type FieldRow = { key: string; label: string; type: string; required: boolean; options: string };

const at = (name: string) => (form: FormData) => String(form.get(name) ?? '');

/** The category form's fields in the order the rows stand on screen. */
export function categoryFormFields(form: FormData) {
  const rows = [...form.keys()]
    .flatMap((name) => /^customFields\.(\d+)\.label$/.exec(name)?.[1] ?? [])
    .map(Number)
    .sort((a, b) => a - b);
  return {
    name: at('name')(form),
    description: at('description')(form),
    customFields: rows.map(
      (n): FieldRow => ({
        key: at(`customFields.${n}.key`)(form).trim(),
        label: at(`customFields.${n}.label`)(form),
        type: at(`customFields.${n}.type`)(form),
        required: form.get(`customFields.${n}.required`) === 'on',
        options: at(`customFields.${n}.options`)(form),
      }),
    ),
  };
}

const choicesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

function checkRow(row: FieldRow, index: number, labels: Map<string, number>, issue: (path: (string | number)[], message: string) => void): void {
  const label = row.label.trim();
  const path = (part: string) => ['customFields', index, part];
  if (!label) issue(path('label'), 'Give the field a label, such as “Size”.');
  else if (label.length > 100) issue(path('label'), 'A label can have at most 100 characters.');
  else if (labels.get(label.toLowerCase()) !== index) issue(path('label'), 'Another field of this category already has this label.');
  if (!(customFieldTypes as readonly string[]).includes(row.type)) issue(path('type'), 'Choose what kind of answer the field takes.');
  if (row.type !== 'select') return;
  const choices = choicesOf(row.options);
  const twice = choices.find((choice, i) => choices.findIndex((c) => c.toLowerCase() === choice.toLowerCase()) !== i);
  if (choices.length === 0) issue(path('options'), 'A choice list needs its choices: write them one per line.');
  else if (choices.length > MAX_OPTIONS) issue(path('options'), `A choice list can have at most ${MAX_OPTIONS} choices.`);
  else if (choices.some((choice) => choice.length > 100)) issue(path('options'), 'A choice can have at most 100 characters.');
  else if (twice) issue(path('options'), `“${twice}” is listed twice.`);
}

/** Existing fields keep the key they were made with; a new field gets one from its label. */
function toDefinitions(rows: FieldRow[]) {
  const taken = new Set(rows.map((row) => row.key).filter(Boolean));
  return rows.map((row) => {
    const key = row.key || deriveFieldKey(row.label.trim(), taken);
    taken.add(key);
    const options = row.type === 'select' ? { options: choicesOf(row.options) } : {};
    return { key, label: row.label.trim(), type: row.type as (typeof customFieldTypes)[number], required: row.required, ...options };
  });
}

/**
 * The category form in words a person can act on (a choice list without choices, two fields with one label, too
 * many fields), then as the body POST /api/v1/categories takes, checked by the same schema as the API.
 */
export const CategoryForm = z
  .object({
    name: z.string().trim().min(1, 'Give the category a name, such as “Laptops”.').max(100, 'A name can have at most 100 characters.'),
    description: z.string().trim().max(1000, 'A description can have at most 1000 characters.'),
    customFields: z.array(z.custom<FieldRow>()).max(MAX_CUSTOM_FIELDS, `A category can have at most ${MAX_CUSTOM_FIELDS} fields. Remove some.`),
  })
  .superRefine((form, ctx) => {
    const labels = new Map<string, number>();
    form.customFields.forEach((row, index) => {
      const label = row.label.trim().toLowerCase();
      if (label && !labels.has(label)) labels.set(label, index);
    });
    form.customFields.forEach((row, index) => checkRow(row, index, labels, (path, message) => ctx.addIssue({ code: 'custom', path, message })));
  })
  .transform((form): z.input<typeof CreateCategoryBody> => ({ name: form.name, description: form.description || null, customFields: toDefinitions(form.customFields) }))
  .pipe(CreateCategoryBody);
