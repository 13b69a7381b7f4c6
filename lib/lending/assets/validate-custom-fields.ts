import type { CustomFieldDefinition } from '@/db/schema';
import { ValidationError } from '@/lib/platform/core/errors';
import { calendarDateProblem } from '@/lib/platform/validation/calendar-date';

type Issue = { path: string; code: string; message: string };

function checkValue(field: CustomFieldDefinition, value: unknown): string | null {
  switch (field.type) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : `${field.label} must be a number.`;
    case 'boolean':
      return typeof value === 'boolean' ? null : `${field.label} must be yes or no.`;
    case 'date':
      return calendarDateProblem(value);
    case 'select':
      return typeof value === 'string' && (field.options ?? []).includes(value) ? null : `${field.label} must be one of: ${(field.options ?? []).join(', ')}.`;
    default:
      return typeof value === 'string' ? null : `${field.label} must be text.`;
  }
}

/** Custom field values must match the category's definition: known keys, right types, required ones present. */
export function validateCustomFields(definition: CustomFieldDefinition[], values: Record<string, unknown>): void {
  const issues: Issue[] = [];
  const byKey = new Map(definition.map((f) => [f.key, f]));
  for (const [key, value] of Object.entries(values)) {
    const field = byKey.get(key);
    if (!field) {
      issues.push({ path: `customFields.${key}`, code: 'unknown_field', message: `The category has no field "${key}".` });
      continue;
    }
    const problem = value === null ? null : checkValue(field, value);
    if (problem) issues.push({ path: `customFields.${key}`, code: 'invalid_type', message: problem });
  }
  for (const field of definition) {
    if (field.required && (values[field.key] === undefined || values[field.key] === null || values[field.key] === '')) {
      issues.push({ path: `customFields.${field.key}`, code: 'required', message: `${field.label} is required for this category.` });
    }
  }
  if (issues.length > 0) throw new ValidationError('Some fields do not match what the category asks for.', { location: 'body', issues });
}
