import { type AuditNames, referenceFields } from '@/lib/privacy/audit-log/resolve-audit-names';
import type { AuditEntry } from '@/lib/platform/audit/schemas';
import { formatDate, formatDateTime, isIsoDate, isIsoInstant } from '@/lib/platform/format/dates';
import { assetStatusLabels, backupStatusLabels, extensionModeLabels, loanStatusLabels, maintenanceKindLabels, maintenanceStatusLabels } from '@/lib/platform/format/value-labels';
import { dutiesInOrder, dutyLabels } from '@/lib/people/users/duty-labels';
import { roleLabels } from '@/lib/people/users/role-labels';
import { fieldLabel } from '@/lib/platform/validation/field-labels';
import { describeField } from '@/components/catalogue/field-words';

/** A stored value as shown: words, or a colour shown as a swatch beside its hex code. */
export type AuditValue = { text: string; colour?: string };

/** One changed field: before → after, or a single word ("Changed") where the values mean nothing to a person. */
export type AuditChangeLine = { field: string; label: string } & ({ before: AuditValue; after: AuditValue } | { summary: string });

const MAX_TEXT = 120;
const NONE: AuditValue = { text: '—' };

const statusWords: Record<string, Record<string, string>> = {
  ASSET: assetStatusLabels,
  LOAN: loanStatusLabels,
  BACKUP: backupStatusLabels,
  MAINTENANCE: maintenanceStatusLabels,
};

const deletedWords: Record<string, string> = { locations: 'a deleted location', categories: 'a deleted category', users: 'a former user' };

// Stored documents that mean nothing as text (an SVG, an internal photo address): only whether they changed.
const presenceOnly = new Set(['logoSvg', 'photoUrl']);

const templateNames: Record<string, string> = { welcome: 'Welcome e-mail', loanApproved: 'Loan approved e-mail', reminder: 'Reminder e-mail' };

function shorten(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

function describeValue(field: string, value: unknown, entry: AuditEntry, names: AuditNames): AuditValue {
  if (value === null || value === undefined || value === '') return NONE;
  if (typeof value === 'boolean') return { text: value ? 'Yes' : 'No' };
  const reference = referenceFields[field];
  if (reference && typeof value === 'string') return { text: names[reference][value] ?? deletedWords[reference] ?? 'a deleted record' };
  if (typeof value === 'string') {
    if (field === 'status') return { text: statusWords[entry.target.type]?.[value] ?? value };
    if (field === 'role') return { text: roleLabels[value as keyof typeof roleLabels] ?? value };
    if (field === 'kind') return { text: maintenanceKindLabels[value] ?? value };
    if (field === 'extensions') return { text: extensionModeLabels[value] ?? value };
    if (/^#[0-9a-f]{6}$/i.test(value)) return { text: value.toLowerCase(), colour: value };
    if (isIsoDate(value)) return { text: formatDate(value) };
    if (isIsoInstant(value)) return { text: formatDateTime(value) };
    return { text: shorten(value) };
  }
  if (typeof value === 'number') return { text: value.toLocaleString('en-GB') };
  if (field === 'duties' && Array.isArray(value)) {
    return { text: dutiesInOrder.filter((duty) => value.includes(duty)).map((duty) => dutyLabels[duty]).join(', ') || 'none' };
  }
  if (field === 'approverRules' && Array.isArray(value)) return { text: shorten(value.map((rule: Record<string, unknown>) => describeRule(rule, names)).join('; ')) || 'none' };
  if (field === 'customFields' && entry.target.type === 'CATEGORY' && Array.isArray(value)) return { text: shorten(value.map(describeField).join('; ')) || 'none' };
  if (Array.isArray(value)) {
    const labels = value.map((item) => (item && typeof item === 'object' && 'label' in item ? String(item.label) : null));
    if (labels.every(Boolean)) return { text: shorten(labels.join(', ')) || 'none' };
    return { text: value.length === 1 ? '1 entry' : `${value.length} entries` };
  }
  return { text: 'Set' };
}

// "Helmets at any location: Ada Lovelace", a loan policy's approver rule with names for its ids.
function describeRule(rule: Record<string, unknown>, names: AuditNames): string {
  const named = (id: unknown, map: Record<string, string>, any: string, gone: string) => (typeof id === 'string' ? (map[id] ?? gone) : any);
  const category = named(rule.categoryId, names.categories, 'Any category', 'A deleted category');
  const location = named(rule.locationId, names.locations, 'any location', 'a deleted location');
  return `${category} at ${location}: ${named(rule.approverUserId, names.users, 'any asset manager', 'a former user')}`;
}

function presence(before: unknown, after: unknown): string {
  if (before === null || before === undefined) return 'Added';
  return after === null || after === undefined ? 'Removed' : 'Changed';
}

/** Objects (e-mail templates, an asset's category fields) become one line per inner field that changed. */
function nestedLines(field: string, before: unknown, after: unknown, entry: AuditEntry, names: AuditNames): AuditChangeLine[] {
  const from = (before ?? {}) as Record<string, unknown>;
  const to = (after ?? {}) as Record<string, unknown>;
  const lines: AuditChangeLine[] = [];
  for (const key of [...new Set([...Object.keys(from), ...Object.keys(to)])]) {
    if (JSON.stringify(from[key] ?? null) === JSON.stringify(to[key] ?? null)) continue;
    const inner = from[key] ?? to[key];
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
      for (const line of nestedLines(key, from[key], to[key], entry, names)) {
        lines.push({ ...line, field: `${field}.${line.field}`, label: `${templateNames[key] ?? fieldLabel(key)}: ${line.label.toLowerCase()}` });
      }
    } else {
      lines.push({ field: key, label: fieldLabel(key), before: describeValue(key, from[key], entry, names), after: describeValue(key, to[key], entry, names) });
    }
  }
  return lines;
}

function isObject(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const isNamedOnly = (value: unknown) => isObject(value) && (value as { changed?: unknown }).changed === true;

/**
 * The changed fields of an entry, each labelled and worded for people; nothing shows as an id or as JSON. Fields
 * recorded by name only (encrypted, or guarded by a duty: `metadata[field]` is `{ changed: true }`) say so.
 */
export function describeAuditChanges(entry: AuditEntry, names: AuditNames): AuditChangeLine[] {
  const lines: AuditChangeLine[] = [];
  for (const [field, { before, after }] of Object.entries(entry.changes)) {
    if (presenceOnly.has(field)) lines.push({ field, label: fieldLabel(field), summary: presence(before, after) });
    else if (isObject(before) || isObject(after)) lines.push(...nestedLines(field, before, after, entry, names));
    else lines.push({ field, label: fieldLabel(field), before: describeValue(field, before, entry, names), after: describeValue(field, after, entry, names) });
  }
  for (const [field, value] of Object.entries(entry.metadata)) {
    if (isNamedOnly(value) && !(field in entry.changes)) lines.push({ field, label: fieldLabel(field), summary: 'Changed (value not shown)' });
  }
  return lines;
}
