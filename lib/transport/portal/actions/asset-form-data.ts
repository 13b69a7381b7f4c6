import type { CustomFieldDefinition } from '@/db/schema';

const factNames = ['name', 'categoryId', 'locationId', 'status', 'inventoryNumber', 'serialNumber', 'manufacturer', 'model', 'purchaseDate', 'supplier', 'currency'] as const;

function text(formData: FormData, name: string): string | null {
  const raw = formData.get(name);
  return typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : null;
}

/** A custom field as typed into the form, in the type its definition asks for; nothing typed is null. */
function customValue(field: CustomFieldDefinition, formData: FormData): string | number | boolean | null {
  if (field.type === 'boolean') return formData.get(`cf.${field.key}`) === 'on';
  const raw = text(formData, `cf.${field.key}`);
  if (raw === null) return null;
  if (field.type === 'number') return Number.isFinite(Number(raw)) ? Number(raw) : raw;
  return raw;
}

/**
 * The asset form as the shape CreateAssetBody / UpdateAssetBody validate. Empty optional facts are null;
 * number fields stay text when they are not numbers, so the schema reports them at the field.
 */
export function assetInputOf(formData: FormData, definition: CustomFieldDefinition[]) {
  const facts = Object.fromEntries(factNames.map((name) => [name, text(formData, name)])) as Record<(typeof factNames)[number], string | null>;
  const value = text(formData, 'value');
  const warranty = text(formData, 'warrantyMonths');
  const customFields = Object.fromEntries(definition.map((field) => [field.key, customValue(field, formData)]));
  return {
    ...facts,
    name: facts.name ?? '',
    currency: facts.currency?.toUpperCase() ?? 'EUR',
    value,
    warrantyMonths: warranty === null ? null : /^\d+$/.test(warranty) ? Number(warranty) : warranty,
    customFields,
  };
}
