import type { CustomFieldDefinition } from '@/lib/lending/categories/schemas';

type FieldType = CustomFieldDefinition['type'];

/** What kind of answer a custom field takes, as the editor offers it. */
export const fieldTypeLabels: Record<FieldType, string> = {
  text: 'Text',
  number: 'Number',
  date: 'Date',
  boolean: 'Yes or no',
  select: 'Choice from a list',
};

export const fieldTypesInOrder: FieldType[] = ['text', 'number', 'date', 'boolean', 'select'];

/** "Size: choice of S, M or L, required" — one field of a category in words. */
export function describeField(field: Pick<CustomFieldDefinition, 'label' | 'type' | 'required' | 'options'>): string {
  const choices = field.options ?? [];
  const kind =
    field.type === 'select' && choices.length > 0
      ? `choice of ${choices.length > 1 ? `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}` : choices[0]}`
      : (fieldTypeLabels[field.type] ?? 'Text').toLowerCase();
  return `${field.label}: ${kind}${field.required ? ', required' : ''}`;
}

export function assetCountWords(count: number): string {
  return count === 0 ? 'No assets' : count === 1 ? '1 asset' : `${count.toLocaleString('en-GB')} assets`;
}
