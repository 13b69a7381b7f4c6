import { type AuditNames, referenceFields } from '@/lib/privacy/audit-log/resolve-audit-names';
import type { AuditEntry } from '@/lib/platform/audit/schemas';
import { formatDate, formatDateTime, isIsoDate, isIsoInstant } from '@/lib/platform/format/dates';
import { countOf, countryName, currencyName, languageName } from '@/lib/platform/format/names';
import { dutiesInOrder, dutyLabels } from '@/lib/people/users/duty-labels';
import { describeField } from '@/components/catalogue/field-words';
import { auditFieldLabel, auditValueWords, enumFields } from './audit-field-words';

/**
 * A stored value as shown: words, a colour shown as a swatch beside its hex code, or an instant (`instant`), which
 * the screen shows in the reader's time zone; `text` is the same instant in UTC, for places without a browser.
 */
export type AuditValue = { text: string; colour?: string; instant?: string };

/** One changed field: before → after, or a single word ("Changed") where the values mean nothing to a person. */
export type AuditChangeLine = { field: string; label: string } & ({ before: AuditValue; after: AuditValue } | { summary: string });

const MAX_TEXT = 120;
const NONE: AuditValue = { text: '—' };

const deletedWords: Record<string, string> = { locations: 'a deleted location', categories: 'a deleted category', users: 'a former user' };

// Stored documents, fingerprints and outside ids that mean nothing as text (an SVG, a logo's hash and size, an
// internal photo address, the registry's own id): only whether they changed.
const presenceOnly = new Set(['logoSvg', 'logo', 'photoUrl', 'registryId']);

// Ids of records the log does not name: the kind of record is all a reader needs.
const unnamedReferences: Record<string, string> = { personId: 'a person', parentActivityId: 'an activity' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HASH = /^[0-9a-f]{32,}$/i;
// An enum-like value in a field without words of its own: PENDING_APPROVAL, approved_locally.
const CODE = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$|^[a-z][a-z0-9]*(_[a-z0-9]+)+$/;

function shorten(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

/** "PENDING_APPROVAL" -> "Pending approval": a fixed value with no words of its own yet, still read as words. */
export function codeWords(code: string): string {
  const words = code.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[._]+/g, ' ').toLowerCase().trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function describeText(field: string, value: string, entry: AuditEntry): AuditValue {
  const words = auditValueWords(field, entry.target.type);
  if (words?.[value]) return { text: words[value] };
  if (field === 'nationality') return { text: countryName(value) };
  if (field === 'language') return { text: languageName(value) };
  if (field === 'currency') return { text: currencyName(value) };
  if (enumFields.has(field) || CODE.test(value)) return { text: codeWords(value) };
  if (/^#[0-9a-f]{6}$/i.test(value)) return { text: value.toLowerCase(), colour: value };
  if (isIsoDate(value)) return { text: formatDate(value) };
  if (isIsoInstant(value)) return { text: formatDateTime(value), instant: value };
  if (UUID.test(value)) return { text: 'a record' };
  if (HASH.test(value)) return { text: 'not shown' };
  return { text: shorten(value) };
}

function describeList(field: string, value: unknown[], entry: AuditEntry, names: AuditNames): AuditValue {
  if (value.length === 0) return { text: 'none' };
  if (field === 'approverRules') return { text: shorten(value.map((rule) => describeRule(rule as Record<string, unknown>, names)).join('; ')) };
  if (field === 'customFields' && entry.target.type === 'CATEGORY') return { text: shorten((value as Parameters<typeof describeField>[0][]).map(describeField).join('; ')) };
  if (field === 'duties') return { text: dutiesInOrder.filter((duty) => value.includes(duty)).map((duty) => dutyLabels[duty]).join(', ') || 'none' };
  if (field === 'eventTypes') return { text: shorten(value.map((item) => codeWords(String(item)).toLowerCase()).join(', ')) };
  if (value.every((item) => typeof item === 'string')) return { text: shorten(value.map((item) => describeText(field, item, entry).text).join(', ')) };
  const labels = value.map((item) => (item && typeof item === 'object' && 'label' in item ? String(item.label) : null));
  if (labels.every(Boolean)) return { text: shorten(labels.join(', ')) };
  return { text: countOf(value.length, 'entry', 'entries') };
}

function describeValue(field: string, value: unknown, entry: AuditEntry, names: AuditNames): AuditValue {
  if (value === null || value === undefined || value === '') return NONE;
  if (typeof value === 'boolean') return { text: value ? 'Yes' : 'No' };
  const reference = referenceFields[field];
  if (reference && typeof value === 'string') return { text: names[reference][value] ?? deletedWords[reference] ?? 'a deleted record' };
  if (unnamedReferences[field] && typeof value === 'string') return { text: unnamedReferences[field] };
  if (typeof value === 'string') return describeText(field, value, entry);
  if (typeof value === 'number') return { text: field === 'retentionDays' ? countOf(value, 'day') : value.toLocaleString('en-GB') };
  if (Array.isArray(value)) return describeList(field, value, entry, names);
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

function isObject(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

// Containers whose inner fields speak for themselves ("E-mails about loans", not "Notifications: channels: …").
const transparent = new Set(['preferences', 'channels', 'customFields']);

/** Objects (e-mail texts, notification preferences, an asset's category fields) become one line per inner field that changed. */
function nestedLines(path: string, before: unknown, after: unknown, entry: AuditEntry, names: AuditNames, outer: string | null): AuditChangeLine[] {
  const from = (before ?? {}) as Record<string, unknown>;
  const to = (after ?? {}) as Record<string, unknown>;
  const lines: AuditChangeLine[] = [];
  for (const key of [...new Set([...Object.keys(from), ...Object.keys(to)])]) {
    if (JSON.stringify(from[key] ?? null) === JSON.stringify(to[key] ?? null)) continue;
    const inner = `${path}.${key}`;
    const own = auditFieldLabel(key);
    const label = auditFieldLabel(key, inner) !== own ? auditFieldLabel(key, inner) : outer ? `${outer}: ${own.toLowerCase()}` : own;
    if (isObject(from[key]) || isObject(to[key])) lines.push(...nestedLines(inner, from[key], to[key], entry, names, transparent.has(key) ? null : label));
    else lines.push({ field: inner, label, before: describeValue(key, from[key], entry, names), after: describeValue(key, to[key], entry, names) });
  }
  return lines;
}

const isNamedOnly = (value: unknown) => isObject(value) && (value as { changed?: unknown }).changed === true;

/**
 * The changed fields of an entry, each labelled and worded for people; nothing shows as an id, a code, a hash or
 * as JSON. Fields recorded by name only (encrypted, or guarded by a duty: `metadata[field]` is `{ changed: true }`) say so.
 */
export function describeAuditChanges(entry: AuditEntry, names: AuditNames): AuditChangeLine[] {
  const lines: AuditChangeLine[] = [];
  for (const [field, { before, after }] of Object.entries(entry.changes)) {
    if (presenceOnly.has(field)) lines.push({ field, label: auditFieldLabel(field), summary: presence(before, after) });
    else if (isObject(before) || isObject(after)) lines.push(...nestedLines(field, before, after, entry, names, null));
    else lines.push({ field, label: auditFieldLabel(field), before: describeValue(field, before, entry, names), after: describeValue(field, after, entry, names) });
  }
  for (const [field, value] of Object.entries(entry.metadata)) {
    if (isNamedOnly(value) && !(field in entry.changes)) lines.push({ field, label: auditFieldLabel(field), summary: 'Changed (value not shown)' });
  }
  return lines;
}
