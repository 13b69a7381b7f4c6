import { describe, expect, it } from 'vitest';
import { describeAuditEntry, sentenceText, targetTypeLabel } from '@/components/audit/describe-audit-entry';
import type { AuditNames } from '@/lib/privacy/audit-log/resolve-audit-names';
import type { AuditEntry } from '@/lib/platform/audit/schemas';

const ids = {
  ada: '11111111-1111-4111-8111-111111111111',
  bob: '22222222-2222-4222-8222-222222222222',
  drill: '33333333-3333-4333-8333-333333333333',
  office: '44444444-4444-4444-8444-444444444444',
  gone: '55555555-5555-4555-8555-555555555555',
  loan: '66666666-6666-4666-8666-666666666666',
  org: '77777777-7777-4777-8777-777777777777',
};

const names: AuditNames = {
  users: { [ids.ada]: 'Ada Lovelace', [ids.bob]: 'Bob Smith' },
  assets: { [ids.drill]: 'Cordless drill' },
  locations: { [ids.office]: 'Head office' },
  categories: {},
  maintenance: {},
  announcements: {},
  invitations: {},
};

function entry(over: Partial<AuditEntry>): AuditEntry {
  return {
    id: '1',
    occurredAt: '2026-11-24T14:05:00.000Z',
    actor: { type: 'USER', userId: ids.ada },
    action: 'ASSET_UPDATED',
    target: { type: 'ASSET', id: ids.drill },
    assetId: ids.drill,
    changes: {},
    metadata: {},
    requestId: null,
    ...over,
  };
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-/i;
const lineTexts = (e: AuditEntry) =>
  describeAuditEntry(e, names).changes.map((line) => ('summary' in line ? `${line.label}: ${line.summary}` : `${line.label}: ${line.before.text} → ${line.after.text}`));

describe('audit entries for people', () => {
  it('says who approved the loan of which asset, as a sentence', () => {
    const approved = entry({ action: 'LOAN_APPROVED', target: { type: 'LOAN', id: ids.loan }, changes: { status: { before: 'PENDING_APPROVAL', after: 'APPROVED' }, decidedById: { before: null, after: ids.ada } } });
    expect(sentenceText(describeAuditEntry(approved, names))).toBe('Ada Lovelace approved the loan of Cordless drill.');
    expect(lineTexts(approved)).toEqual(['Status: Awaiting approval → Ready for pickup', 'Decided by: — → Ada Lovelace']);
  });

  it('names locations by name, and a deleted one as such, never by id', () => {
    const moved = entry({ changes: { locationId: { before: ids.gone, after: ids.office }, status: { before: 'AVAILABLE', after: 'LOANED' } } });
    expect(sentenceText(describeAuditEntry(moved, names))).toBe('Ada Lovelace changed the asset Cordless drill.');
    expect(lineTexts(moved)).toEqual(['Location: a deleted location → Head office', 'Status: Available → On loan']);
  });

  it('words approver rules and category fields, naming categories, locations and people, never ids', () => {
    const policy = entry({
      action: 'LOAN_POLICY_UPDATED',
      target: { type: 'ORGANISATION', id: ids.org },
      assetId: null,
      changes: { approverRules: { before: [], after: [{ categoryId: ids.gone, locationId: ids.office, approverUserId: ids.bob }, { categoryId: null, locationId: null, approverUserId: null }] } },
    });
    expect(sentenceText(describeAuditEntry(policy, names))).toBe('Ada Lovelace changed the loan policy.');
    expect(lineTexts(policy)).toEqual(['Approver rules: none → A deleted category at Head office: Bob Smith; Any category at any location: any asset manager']);
    const category = entry({
      action: 'CATEGORY_UPDATED',
      target: { type: 'CATEGORY', id: ids.gone },
      assetId: null,
      changes: { customFields: { before: [{ key: 'size', label: 'Size', type: 'text' }], after: [{ key: 'size', label: 'Size', type: 'select', required: true, options: ['S', 'M', 'L'] }] } },
    });
    expect(lineTexts(category)).toEqual(['Category fields: Size: text → Size: choice of S, M or L, required']);
  });

  it('shows dates in the portal style, booleans as Yes/No and roles in words', () => {
    const changed = entry({ changes: { purchaseDate: { before: null, after: '2026-11-24' } } });
    expect(lineTexts(changed)).toEqual(['Purchase date: — → 24 Nov 2026']);
    const deactivated = entry({ action: 'USER_DEACTIVATED', target: { type: 'USER', id: ids.bob }, assetId: null, changes: { isActive: { before: true, after: false } } });
    expect(sentenceText(describeAuditEntry(deactivated, names))).toBe('Ada Lovelace deactivated Bob Smith.');
    expect(lineTexts(deactivated)).toEqual(['Active: Yes → No']);
    const role = entry({ action: 'USER_ROLE_CHANGED', target: { type: 'USER', id: ids.gone }, assetId: null, changes: { role: { before: 'EMPLOYEE', after: 'ASSET_MANAGER' } } });
    expect(sentenceText(describeAuditEntry(role, names))).toBe('Ada Lovelace changed the role of a former user.');
    expect(lineTexts(role)).toEqual(['Role: Employee → Asset manager']);
  });

  it('shows branding as labelled colours and a changed logo, not JSON', () => {
    const branding = entry({
      action: 'BRANDING_UPDATED',
      target: { type: 'ORGANISATION', id: ids.org },
      assetId: null,
      changes: {
        primaryColor: { before: null, after: '#1F4F8A' },
        logoSvg: { before: '<svg>old</svg>', after: '<svg>new</svg>' },
        emailTemplates: { before: { welcome: { subject: null, intro: null } }, after: { welcome: { subject: 'Hello there', intro: null } } },
      },
    });
    const description = describeAuditEntry(branding, names);
    expect(sentenceText(description)).toBe('Ada Lovelace changed the branding.');
    expect(lineTexts(branding)).toEqual(['Primary colour: — → #1f4f8a', 'Logo: Changed', 'Welcome e-mail: subject: — → Hello there']);
    const colour = description.changes[0]!;
    expect('after' in colour && colour.after.colour).toBe('#1F4F8A');
  });

  it('words system actions and unknown actions without codes or ids', () => {
    const overdue = entry({ actor: { type: 'SYSTEM', userId: null }, action: 'LOAN_OVERDUE', target: { type: 'LOAN', id: ids.loan }, assetId: ids.gone });
    expect(sentenceText(describeAuditEntry(overdue, names))).toBe('Quartermaster marked the loan of a deleted asset as overdue.');
    const unknown = entry({ actor: { type: 'USER', userId: ids.gone }, action: 'ASSET_TELEPORTED' });
    const text = sentenceText(describeAuditEntry(unknown, names));
    expect(text).toBe('A former user recorded a change (asset teleported) to Cordless drill.');
    expect(text).not.toMatch(UUID);
  });

  it('words duties and sensitive reads without naming the record or its values', () => {
    const duties = entry({ action: 'USER_DUTIES_CHANGED', target: { type: 'USER', id: ids.bob }, assetId: null, changes: { duties: { before: [], after: ['MEDICAL'] } } });
    expect(sentenceText(describeAuditEntry(duties, names))).toBe('Ada Lovelace changed the duties of Bob Smith.');
    expect(lineTexts(duties)).toEqual(['Duties: none → Medical']);
    const more = entry({ ...duties, changes: { duties: { before: ['MEDICAL'], after: ['SAFEGUARDING', 'COACH', 'MEDICAL'] } } });
    expect(lineTexts(more)).toEqual(['Duties: Medical → Medical, Coach, Safeguarding']);
    const read = (type: string) => entry({ action: 'SENSITIVE_RECORD_VIEWED', target: { type, id: ids.loan }, assetId: null, metadata: { fields: ['diagnosis'] } });
    expect(sentenceText(describeAuditEntry(read('MEDICAL_TREATMENT'), names))).toBe('Ada Lovelace read a medical treatment.');
    expect(sentenceText(describeAuditEntry(read('PERSON'), names))).toBe("Ada Lovelace read a person's national identifier.");
  });

  it('words activity changes and comment moderation without the activity or the comment', () => {
    const on = (action: string, type: string) => entry({ action, target: { type, id: ids.loan }, assetId: null, metadata: { activityId: ids.loan, authorPersonId: ids.bob } });
    expect(sentenceText(describeAuditEntry(on('ACTIVITY_RECORDED', 'ACTIVITY'), names))).toBe("Ada Lovelace recorded a person's activity.");
    expect(sentenceText(describeAuditEntry(on('ACTIVITY_UPDATED', 'ACTIVITY'), names))).toBe("Ada Lovelace changed a person's activity.");
    const moderated = sentenceText(describeAuditEntry(on('COMMENT_MODERATED', 'ACTIVITY_COMMENT'), names));
    expect(moderated).toBe("Ada Lovelace removed someone else's comment on an activity.");
    expect(moderated).not.toMatch(UUID);
  });

  it('words the club records of spec 001 and their reads without the record, the description or the notes', () => {
    const on = (action: string, type: string, changes: AuditEntry['changes'] = {}) => entry({ action, target: { type, id: ids.loan }, assetId: null, changes });
    const texts = [
      on('DONATION_RECORDED', 'DONATION'),
      on('DONATION_UPDATED', 'DONATION'),
      on('FINANCIAL_TRANSACTION_RECORDED', 'FINANCIAL_TRANSACTION'),
      on('FINANCIAL_TRANSACTION_UPDATED', 'FINANCIAL_TRANSACTION'),
      on('ANTIDOPING_RECORD_CREATED', 'ANTIDOPING_RECORD'),
      on('ANTIDOPING_RECORD_UPDATED', 'ANTIDOPING_RECORD'),
      on('INCIDENT_REPORT_FILED', 'INCIDENT_REPORT'),
      on('INCIDENT_REPORT_UPDATED', 'INCIDENT_REPORT'),
      on('SENSITIVE_RECORD_VIEWED', 'ANTIDOPING_RECORD'),
      on('SENSITIVE_RECORD_VIEWED', 'INCIDENT_REPORT'),
    ].map((e) => sentenceText(describeAuditEntry(e, names)));
    expect(texts).toEqual([
      'Ada Lovelace recorded a donation.',
      'Ada Lovelace corrected a donation.',
      'Ada Lovelace recorded a financial transaction.',
      'Ada Lovelace corrected a financial transaction.',
      'Ada Lovelace recorded a doping control.',
      'Ada Lovelace changed a doping control.',
      'Ada Lovelace filed an incident report.',
      'Ada Lovelace changed an incident report.',
      'Ada Lovelace read an anti-doping record.',
      'Ada Lovelace read an incident report.',
    ]);
    for (const text of texts) expect(text).not.toMatch(UUID);
  });

  it('names the fields of the club records a duty guards, and of encrypted fields, without their values', () => {
    const transaction = entry({
      action: 'FINANCIAL_TRANSACTION_UPDATED',
      target: { type: 'FINANCIAL_TRANSACTION', id: ids.loan },
      assetId: null,
      metadata: { fields: ['personId', 'kind', 'amount'], personId: { changed: true }, kind: { changed: true }, amount: { changed: true } },
    });
    expect(lineTexts(transaction)).toEqual(['Person: Changed (value not shown)', 'Kind: Changed (value not shown)', 'Amount: Changed (value not shown)']);
    const treatment = entry({
      action: 'MEDICAL_TREATMENT_UPDATED',
      target: { type: 'MEDICAL_TREATMENT', id: ids.loan },
      assetId: null,
      metadata: { fields: ['diagnosis'], diagnosis: { changed: true } },
    });
    expect(lineTexts(treatment)).toEqual(['Diagnosis: Changed (value not shown)']);
  });

  it('names no one as the actor whose identity is withheld from the reader (the reporter rule)', () => {
    const withheld = entry({ action: 'INCIDENT_REPORT_FILED', actor: { type: 'USER', userId: null }, target: { type: 'INCIDENT_REPORT', id: ids.loan }, assetId: null });
    expect(sentenceText(describeAuditEntry(withheld, names))).toBe('Someone filed an incident report.');
  });

  it('names target types for the filter in words', () => {
    expect(['ANTIDOPING_RECORD', 'INCIDENT_REPORT', 'FINANCIAL_TRANSACTION', 'DONATION', 'MEDICAL_TREATMENT'].map(targetTypeLabel)).toEqual([
      'Anti-doping record',
      'Incident report',
      'Financial transaction',
      'Donation',
      'Medical treatment',
    ]);
  });

  it('words what the registry sync changed, by field names only', () => {
    const on = (action: string, metadata: Record<string, unknown>) =>
      sentenceText(describeAuditEntry(entry({ actor: { type: 'SYSTEM', userId: null }, action, target: { type: 'PERSON', id: ids.bob }, assetId: null, metadata }), names));
    expect(on('PERSON_SYNCED_FROM_REGISTRY', { fields: ['lastName', 'identifierNational'], conflicts: [] })).toBe("Quartermaster updated a person's last name and national identity number from the sports registry.");
    expect(on('PERSON_SYNCED_FROM_REGISTRY', { fields: ['nationality'], conflicts: ['nationality'] })).toBe(
      "Quartermaster updated a person's nationality from the sports registry; it had also changed here, so the person is marked as in conflict for review.",
    );
    expect(on('PERSON_SYNCED_FROM_REGISTRY', { fields: [], conflicts: [] })).toBe("Quartermaster synchronised a person's record with the sports registry.");
    expect(on('PERSON_DEACTIVATED_BY_REGISTRY', { fields: [] })).toBe('Quartermaster deactivated a person because the sports registry deactivated them.');
    expect(on('PERSON_CHANGE_PROPOSED', { fields: ['birthDate'], via: 'erasure' })).toBe("Quartermaster asked the sports registry to clear a person's birth date, erased here at the person's request.");
    expect(on('PERSON_LINKED_TO_REGISTRY', { registryId: 'P-1' })).toBe('Quartermaster linked a person to their sports registry record (the initial backfill found the same identity).');
    expect(on('REGISTRY_BACKFILL_REQUESTED', {})).toBe('Quartermaster started the initial backfill from the sports registry.');
    expect(on('REGISTRY_MISMATCH_DISMISSED', { fields: ['lastName'] })).toBe("Quartermaster kept a person's local last name, dismissing the sports registry's differing values.");
    expect(on('REGISTRY_CONFLICT_RESOLVED', { fields: ['lastName'], changeRequests: [] })).toBe("Quartermaster resolved a sync conflict by taking the sports registry's last name.");
    expect(on('REGISTRY_CONFLICT_RESOLVED', { fields: ['officialEmail'], changeRequests: [{ id: 'x', closed: true }] })).toBe(
      "Quartermaster resolved a sync conflict by taking the sports registry's official e-mail, withdrawing it from the open change request.",
    );
  });

  it('words the organisation mirror and custom code-list values', () => {
    const system = (action: string, metadata: Record<string, unknown>) =>
      sentenceText(describeAuditEntry(entry({ actor: { type: 'SYSTEM', userId: null }, action, target: { type: 'ORGANISATION', id: ids.bob }, assetId: null, metadata }), names));
    expect(system('ORGANISATION_SYNCED_FROM_REGISTRY', { fields: ['name', 'registrationNumber'] })).toBe("Quartermaster updated the organisation's official name and registration number from the sports registry.");
    const admin = (action: string, metadata: Record<string, unknown>) => sentenceText(describeAuditEntry(entry({ action, target: { type: 'CODELIST_VALUE', id: ids.bob }, assetId: null, metadata }), names));
    expect(admin('CODELIST_VALUE_CREATED', { codelist: 'coach_competencies', code: 'UEFA-B' })).toBe('Ada Lovelace added “UEFA-B” to the list of coach competencies.');
    expect(admin('CODELIST_VALUE_UPDATED', { codelist: 'sport', code: 'padel', deactivated: true })).toBe('Ada Lovelace deactivated “padel” in the list of sport.');
    expect(admin('CODELIST_VALUE_UPDATED', { codelist: 'sport', code: 'padel', deactivated: false })).toBe('Ada Lovelace changed “padel” in the list of sport.');
  });

  it('words the retention runs and what they removed, without ids', () => {
    const on = (action: string, over: Partial<AuditEntry> = {}) => sentenceText(describeAuditEntry(entry({ action, target: { type: 'RETENTION_RUN', id: ids.loan }, assetId: null, ...over }), names));
    const system = { actor: { type: 'SYSTEM' as const, userId: null } };
    expect(on('RETENTION_RUN_STARTED', { metadata: { trigger: 'manual' } })).toBe('Ada Lovelace started a retention run by hand.');
    expect(on('RETENTION_RUN_STARTED', { ...system, metadata: { trigger: 'schedule' } })).toBe('Quartermaster started the daily retention run.');
    expect(on('RETENTION_RUN_COMPLETED', system)).toBe('Quartermaster finished a retention run.');
    expect(on('RETENTION_RUN_FAILED', system)).toBe('Quartermaster recorded that a retention run failed.');
    expect(on('RETENTION_RECORDS_DELETED', { ...system, metadata: { kind: 'training', count: 5000, comments: 12 } })).toBe(
      'Quartermaster deleted 5,000 trainings with 12 comments at the end of their retention period.',
    );
    expect(on('RETENTION_RECORDS_DELETED', { ...system, metadata: { kind: 'message', count: 3 } })).toBe('Quartermaster deleted 3 messages at the end of their retention period.');
    expect(on('anonymize_person', { ...system, target: { type: 'person', id: ids.loan }, metadata: { scope: 'full', counts: { messages: 2 } } })).toBe(
      'Quartermaster anonymised a person: their name, birth date, identifiers and contact details are gone, and the records kept now point to a pseudonym.',
    );
    expect(on('AUDIT_LOG_PURGED', { ...system, metadata: { kind: 'audit_log', count: 40 } })).toBe('Quartermaster removed 40 audit log entries older than the organisation keeps them.');
  });

  it('words the data export of a subject, the system steps and the reads it made, without ids or values', () => {
    const on = (action: string, over: Partial<AuditEntry> = {}) => sentenceText(describeAuditEntry(entry({ action, target: { type: 'DATA_EXPORT', id: ids.loan }, assetId: null, ...over }), names));
    const system = { actor: { type: 'SYSTEM' as const, userId: null } };
    expect(on('DATA_EXPORT_REQUESTED', { metadata: { format: 'pdf' } })).toBe('Ada Lovelace asked for a copy of their own data (PDF).');
    expect(on('DATA_EXPORT_COMPLETED', { ...system, metadata: { format: 'json', sizeBytes: 2048 } })).toBe(
      "Quartermaster prepared a copy of someone's data (JSON) and e-mailed them a one-time download link.",
    );
    expect(on('DATA_EXPORT_FAILED', system)).toBe('Quartermaster recorded that a data export could not be prepared.');
    expect(on('DATA_EXPORT_FAILED', { metadata: { reason: 'interrupted' } })).toBe('Ada Lovelace gave up on a data export that was interrupted.');
    expect(on('DATA_EXPORT_DOWNLOADED', { metadata: { format: 'json', via: 'download-link' } })).toBe(
      'Ada Lovelace downloaded their copy of their data (JSON) through its one-time link, which deleted the file.',
    );
    expect(on('DATA_EXPORT_EXPIRED', system)).toBe('Quartermaster deleted an unused data export whose download link had expired.');
    const read = on('SENSITIVE_RECORD_VIEWED', { target: { type: 'MEDICAL_TREATMENT', id: ids.loan }, metadata: { fields: ['diagnosis'], via: 'data-export', dataExportId: ids.drill } });
    expect(read).toBe('Ada Lovelace read a medical treatment, in a copy of their own data.');
    expect(read).not.toMatch(UUID);
  });

  it('words the steps of an erasure request, naming fields but no values or ids', () => {
    const on = (action: string, over: Partial<AuditEntry> = {}) =>
      sentenceText(describeAuditEntry(entry({ action, target: { type: 'DATA_DELETION_REQUEST', id: ids.loan }, assetId: null, ...over }), names));
    const system = { actor: { type: 'SYSTEM' as const, userId: null } };
    expect(on('DATA_DELETION_REQUESTED', { metadata: { scope: 'full', fields: [], onBehalf: false } })).toBe('Ada Lovelace asked for their data to be erased (everything).');
    expect(on('DATA_DELETION_REQUESTED', { metadata: { scope: 'partial', fields: ['phone', 'birthDate'], onBehalf: true } })).toBe(
      "Ada Lovelace filed a request to erase a person's data (partial: phone and birth date).",
    );
    expect(on('DATA_DELETION_VERIFIED', { metadata: { method: 'in_person', scope: 'full' } })).toBe(
      'Ada Lovelace verified the identity of someone asking for erasure in person; the erasure is queued.',
    );
    expect(on('DATA_DELETION_REJECTED', { metadata: { scope: 'full', told: ['email'] } })).toBe('Ada Lovelace declined a request to erase personal data and told the person why.');
    const done = on('DATA_DELETION_COMPLETED', { ...system, metadata: { scope: 'partial', fields: ['officialEmail'], counts: { personFields: 1 } } });
    expect(done).toBe('Quartermaster carried out a request to erase personal data (partial: official e-mail) and sent the confirmation.');
    expect(done).not.toMatch(UUID);
  });

  it('words the monthly legal report: generated by the job or an admin, e-mailed or not, downloaded', () => {
    const on = (action: string, over: Partial<AuditEntry> = {}) => sentenceText(describeAuditEntry(entry({ action, target: { type: 'LEGAL_REPORT', id: ids.loan }, assetId: null, ...over }), names));
    const system = { actor: { type: 'SYSTEM' as const, userId: null } };
    expect(on('LEGAL_REPORT_GENERATED', { ...system, metadata: { month: '2026-10', regenerated: false, emailed: true } })).toBe(
      'Quartermaster generated the legal report for October 2026 and e-mailed it to the legal contact.',
    );
    expect(on('LEGAL_REPORT_GENERATED', { metadata: { month: '2026-03', regenerated: true, emailed: false } })).toBe('Ada Lovelace regenerated the legal report for March 2026.');
    expect(on('LEGAL_REPORT_DOWNLOADED', { metadata: { month: '2026-03', format: 'pdf' } })).toBe('Ada Lovelace downloaded the legal report for March 2026 as PDF.');
    expect(on('LEGAL_REPORT_DOWNLOADED', { metadata: { month: 'soon' } })).toBe('Ada Lovelace downloaded the legal report for a month.');
  });
});
