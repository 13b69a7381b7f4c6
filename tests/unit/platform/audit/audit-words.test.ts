import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasAuditFieldWords } from '@/components/audit/audit-field-words';
import { describeAuditEntry, hasAuditPhrase, sentenceText } from '@/components/audit/describe-audit-entry';
import { auditActions } from '@/lib/platform/audit/actions';
import type { AuditEntry } from '@/lib/platform/audit/schemas';
import type { AuditNames } from '@/lib/privacy/audit-log/resolve-audit-names';
import { BrandingSettings } from '@/lib/organisation/branding/schemas';
import { defaultLoanPolicy } from '@/lib/lending/loans/policy';

/**
 * Every action and every changed field the code writes has words of its own. Found in the source, so a new
 * recordAudit call without words fails here (the audit log itself falls back to spelling the name out).
 */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const writers = ['lib', 'inngest'].flatMap((dir) => sourceFiles(dir)).map((path) => ({ path, text: readFileSync(path, 'utf8') })).filter((file) => file.text.includes('recordAudit('));
const literals = (list: string) => [...list.matchAll(/'([A-Za-z_]+)'/g)].map((match) => match[1]!);

function writtenActions(): Set<string> {
  const actions = new Set<string>();
  for (const { text } of writers) for (const match of text.matchAll(/action:\s*'([A-Za-z_]+)'/g)) actions.add(match[1]!);
  return actions;
}

function writtenFields(): Set<string> {
  const fields = new Set<string>();
  for (const { text } of writers) {
    for (const match of text.matchAll(/\b(?:audited\w*|plainFields|editable)\s*=\s*\[([^\]]*)\]/g)) literals(match[1]!).forEach((field) => fields.add(field));
    for (const match of text.matchAll(/diffChanges\([^;]*?\[([^\]]*)\]\s*\)/g)) literals(match[1]!).forEach((field) => fields.add(field));
    // A metadata object with a `before` of its own (a purge's cutoff) is not a change.
    for (const match of text.matchAll(/(\w+):\s*\{\s*before:/g)) if (match[1] !== 'metadata') fields.add(match[1]!);
  }
  // Fields named in other files than the writer's: the audited columns' own modules, and the two diffs by keys.
  for (const path of sourceFiles('lib')) {
    for (const match of readFileSync(path, 'utf8').matchAll(/export const audited\w*Fields\s*=\s*\[([^\]]*)\]/g)) literals(match[1]!).forEach((field) => fields.add(field));
  }
  Object.keys(defaultLoanPolicy).forEach((field) => fields.add(field));
  Object.keys(BrandingSettings.shape).filter((field) => field !== 'logoSvg').forEach((field) => fields.add(field));
  fields.add('logo');
  return fields;
}

const names: AuditNames = { users: {}, assets: {}, locations: {}, categories: {}, maintenance: {}, announcements: {}, invitations: {} };
// What a person must never read in the audit log: ids, hashes, field names, codes, timestamps, byte counts.
const CODE_LIKE = [/[0-9a-f]{8}-[0-9a-f]{4}-/i, /\b[0-9a-f]{32,}\b/i, /\b[a-z]+[A-Z][a-zA-Z]*\b/, /\b[A-Z]{2,}_[A-Z_]+\b/, /\b[a-z]+_[a-z_]+\b/, /\d{4}-\d{2}-\d{2}T/, /\bbytes?\b/i, /[{}]/];

function entry(over: Partial<AuditEntry>): AuditEntry {
  return { id: '1', occurredAt: '2026-11-24T14:05:00.000Z', actor: { type: 'SYSTEM', userId: null }, action: 'ASSET_UPDATED', target: { type: 'ASSET', id: '33333333-3333-4333-8333-333333333333' }, assetId: null, changes: {}, metadata: {}, requestId: null, ...over };
}

describe('words for every audit entry', () => {
  it('finds the actions and fields in the code (the scan itself works)', () => {
    expect(writers.length).toBeGreaterThan(50);
    expect(writtenActions().size).toBeGreaterThan(80);
    expect([...writtenFields()]).toEqual(expect.arrayContaining(['deletedAt', 'approverRules', 'logo', 'status', 'nationality', 'processingRestricted']));
  });

  it('has a sentence for every declared action and every action the code writes', () => {
    const missing = [...new Set([...auditActions, ...writtenActions()])].filter((action) => !hasAuditPhrase(action));
    expect(missing, 'actions without words in components/audit/describe-audit-entry.ts').toEqual([]);
  });

  it('has a label for every field the code records as changed', () => {
    const missing = [...writtenFields()].filter((field) => !hasAuditFieldWords(field)).sort();
    expect(missing, 'fields without words in components/audit/audit-field-words.ts').toEqual([]);
  });

  it('words each action without ids, codes or field names, even with nothing known about its target', () => {
    for (const action of auditActions) {
      for (const target of ['ASSET', 'LOAN', 'PERSON', 'USER', 'ORGANISATION', 'BACKUP', 'WEBHOOK_ENDPOINT']) {
        const text = sentenceText(describeAuditEntry(entry({ action, target: { type: target, id: '33333333-3333-4333-8333-333333333333' }, metadata: { fields: ['firstName', 'someNewField'], sizeBytes: 2048, eventType: 'loan.picked_up', codelist: 'sport', code: 'padel' } }), names));
        for (const pattern of CODE_LIKE) expect(text, `${action} on ${target}`).not.toMatch(pattern);
      }
    }
  });

  it('words an action added before its words from the action, not as its code', () => {
    const text = sentenceText(describeAuditEntry(entry({ action: 'LOAN_CANCELLED_BY_MANAGER', target: { type: 'LOAN', id: '1' } }), names));
    expect(text).toBe('Quartermaster recorded a change (loan cancelled by manager) to a deleted asset.');
    const other = (action: string, type: string) => sentenceText(describeAuditEntry(entry({ action, target: { type, id: '1' } }), names));
    expect(other('INCIDENT_REPORT_ARCHIVED', 'INCIDENT_REPORT')).toBe('Quartermaster recorded a change (incident report archived) to an incident report.');
    expect(other('constructor', 'DATA_EXPORT')).toBe('Quartermaster recorded a change (constructor) to a data export.');
  });
});

describe('changed values in words', () => {
  const lines = (changes: AuditEntry['changes'], target = 'PERSON') =>
    describeAuditEntry(entry({ action: 'PERSON_UPDATED', target: { type: target, id: '1' }, changes }), names).changes.map((line) =>
      'summary' in line ? `${line.label}: ${line.summary}` : `${line.label}: ${line.before.text} → ${line.after.text}`,
    );

  it('names countries, languages and currencies', () => {
    expect(lines({ nationality: { before: 'DE', after: 'fr' }, language: { before: 'en', after: 'de' }, currency: { before: null, after: 'EUR' } })).toEqual([
      'Nationality: Germany → France',
      'Language: English → German',
      'Currency: — → Euro',
    ]);
  });

  it('says a logo, a photo or a registry link changed, never its hash, size or id', () => {
    const logo = { sha256: 'a'.repeat(64), bytes: 2048 };
    expect(lines({ logo: { before: null, after: logo }, registryId: { before: null, after: 'R-123' } }, 'ORGANISATION')).toEqual(['Logo: Added', 'Sports registry record: Added']);
  });

  it('words statuses of every kind of record, and an unknown one from its code', () => {
    expect(lines({ status: { before: 'pending', after: 'approved_locally' } })).toEqual(['Status: Waiting for approval → Approved, queued for the registry']);
    expect(lines({ status: { before: 'running', after: 'succeeded' } }, 'RETENTION_RUN')).toEqual(['Status: Running → Finished']);
    expect(lines({ status: { before: 'in_progress', after: 'completed' } }, 'DATA_DELETION_REQUEST')).toEqual(['Status: Being carried out → Done']);
    expect(lines({ status: { before: 'OPEN_FOR_REVIEW', after: 'closed' } }, 'SOMETHING_NEW')).toEqual(['Status: Open for review → Closed']);
    expect(lines({ syncStatus: { before: null, after: 'pending_registration' } })).toEqual(['Sports registry: — → Registration requested']);
  });

  it('shows instants for the reader to localise, ids of unnamed records by their kind, and notification choices by their names', () => {
    const [deleted] = describeAuditEntry(entry({ action: 'PERSON_DEACTIVATED', target: { type: 'PERSON', id: '1' }, changes: { deletedAt: { before: null, after: '2026-11-24T14:05:00.000Z' } } }), names).changes;
    expect(deleted).toMatchObject({ label: 'No longer active since', after: { instant: '2026-11-24T14:05:00.000Z' } });
    expect(lines({ personId: { before: null, after: '33333333-3333-4333-8333-333333333333' }, registryCode: { before: null, after: '33333333-3333-4333-8333-333333333333' } })).toEqual([
      'Person: — → a person',
      'Registry code: — → a record',
    ]);
    expect(
      lines({ preferences: { before: { channels: { email: true, inApp: true }, marketingOptOut: false }, after: { channels: { email: false, inApp: true }, marketingOptOut: true } } }),
    ).toEqual(['E-mails about loans: Yes → No', 'No marketing: No → Yes']);
  });
});
