import type { AuditAction } from '@/lib/platform/audit/actions';
import type { AuditEntry } from '@/lib/platform/audit/schemas';
import type { AuditNames } from '@/lib/privacy/audit-log/resolve-audit-names';
import { countOfKind } from '@/components/retention/retention-kind-words';
import { countOf } from '@/lib/platform/format/names';
import { fieldLabel } from '@/lib/platform/validation/field-labels';
import { auditFieldLabel } from './audit-field-words';
import { codeWords, describeAuditChanges, type AuditChangeLine } from './describe-audit-changes';

/** A piece of an entry's sentence: plain words, or the name of a record (a link where it has a page). */
export type SentencePart = string | { name: string; href?: string };

export type AuditDescription = { actor: string; sentence: SentencePart[]; changes: AuditChangeLine[] };

type Target = { name: string; href?: string };
type Phrase = (target: Target, entry: AuditEntry, names: AuditNames) => SentencePart[];

function proposalKind(e: AuditEntry): string {
  if (e.metadata.kind === 'create') return 'new person';
  if (e.metadata.kind === 'deactivate') return 'deactivation of a person';
  return `change of a person's ${fieldList(e)}`;
}

const deleted: Record<string, string> = {
  ASSET: 'a deleted asset',
  LOCATION: 'a deleted location',
  CATEGORY: 'a deleted category',
  MAINTENANCE: 'a deleted maintenance entry',
  ANNOUNCEMENT: 'a deleted news item',
  INVITATION: 'a withdrawn invitation',
  USER: 'a former user',
  CONVERSATION: 'a conversation',
  MESSAGE: 'a message',
};

// A record deleted since keeps the name its own creation or deletion entry recorded.
function rememberedName(entry: AuditEntry): string | null {
  for (const field of ['name', 'title', 'email']) {
    const change = entry.changes[field];
    const value = change?.before ?? change?.after;
    if (typeof value === 'string' && value) return value;
  }
  return null;
}

const withArticle = (noun: string) => `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;

function targetOf(entry: AuditEntry, names: AuditNames): Target {
  const { type, id } = entry.target;
  const assetId = type === 'ASSET' ? id : entry.assetId;
  const fallback = (kind: string) => (type === kind ? rememberedName(entry) : null) ?? deleted[kind] ?? 'a deleted record';
  const asset: Target | null = assetId ? (names.assets[assetId] ? { name: names.assets[assetId], href: `/assets/${assetId}` } : { name: fallback('ASSET') }) : null;
  const named = (map: Record<string, string>) => ({ name: map[id] ?? fallback(type) });
  switch (type) {
    case 'ASSET':
    case 'LOAN':
      return asset ?? { name: deleted.ASSET! };
    case 'USER':
      return named(names.users);
    case 'LOCATION':
      return named(names.locations);
    case 'CATEGORY':
      return named(names.categories);
    case 'MAINTENANCE':
      return named(names.maintenance);
    case 'ANNOUNCEMENT':
      return named(names.announcements);
    case 'INVITATION':
      return named(names.invitations);
    case 'CONVERSATION':
    case 'MESSAGE':
      return { name: fallback(type) };
    case 'ORGANISATION':
      return { name: 'the organisation' };
    default:
      return { name: rememberedName(entry) ?? withArticle(targetTypeLabel(type).toLowerCase()) };
  }
}

function assetOf(entry: AuditEntry, names: AuditNames): Target {
  if (!entry.assetId) return { name: deleted.ASSET! };
  const name = names.assets[entry.assetId];
  return name ? { name, href: `/assets/${entry.assetId}` } : { name: deleted.ASSET! };
}

const fieldNames: Record<string, string> = {
  preferredEmail: 'preferred e-mail',
  registrationNumber: 'registration number',
  sports: 'sports',
  region: 'region',
  active: 'status',
  phone: 'phone',
  language: 'language',
  channels: 'notification channels',
  firstName: 'first name',
  lastName: 'last name',
  birthDate: 'birth date',
  nationality: 'nationality',
  officialEmail: 'official e-mail',
  identifierNational: 'national identity number',
};

// "phone and language": the fields an entry names, without their values, which may be personal data.
function fieldList(entry: AuditEntry): string {
  const fields = Array.isArray(entry.metadata.fields) ? entry.metadata.fields.map((field) => fieldNames[String(field)] ?? auditFieldLabel(String(field)).toLowerCase()) : [];
  return fields.length > 1 ? `${fields.slice(0, -1).join(', ')} and ${fields.at(-1)}` : (fields[0] ?? 'details');
}

// What a SENSITIVE_RECORD_VIEWED entry read, by its target type; the record itself is never named.
const sensitiveReads: Record<string, string> = {
  MEDICAL_TREATMENT: 'read a medical treatment',
  ANTIDOPING_RECORD: 'read an anti-doping record',
  INCIDENT_REPORT: 'read an incident report',
  PERSON: "read a person's national identifier",
};

const exportFormats: Record<string, string> = { csv: 'CSV', xlsx: 'Excel' };
const dataExportFormats: Record<string, string> = { json: 'JSON', pdf: 'PDF' };
const dataExportFormat = (entry: AuditEntry) => (dataExportFormats[String(entry.metadata.format)] ? ` (${dataExportFormats[String(entry.metadata.format)]})` : '');

const verificationMethods: Record<string, string> = { phone: ' by phone', video: ' by video call', in_person: ' in person' };
// "(partial: phone and birth date)": which fields, never their values.
const deletionScope = (entry: AuditEntry) => (entry.metadata.scope === 'partial' ? ` (partial: ${fieldList(entry)})` : entry.metadata.scope === 'full' ? ' (everything)' : '');
// "March 2026" from the entry's month (YYYY-MM).
function legalReportMonth(entry: AuditEntry): string {
  const month = String(entry.metadata.month ?? '');
  return /^\d{4}-\d{2}$/.test(month) ? new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }) : 'a month';
}

// Each action as the rest of a sentence that starts with who did it: "Ada Lovelace approved the loan of …".
const count = (entry: AuditEntry) => (typeof entry.metadata.count === 'number' ? entry.metadata.count : 0);
const comments = (entry: AuditEntry) => (count(entry) > 0 && typeof entry.metadata.comments === 'number' && entry.metadata.comments > 0 ? ` with ${countOf(entry.metadata.comments, 'comment')}` : '');

// An action added without its words still reads as a sentence (see describeAuditEntry); the unit test
// tests/unit/platform/audit/audit-words.test.ts fails until it has them.
const phrases: Partial<Record<AuditAction, Phrase>> = {
  ASSET_CREATED: (t) => ['added the asset ', t],
  ASSET_UPDATED: (t, e) => (e.metadata.bulk === true ? ['moved ', t, ` together with ${Number(e.metadata.count) - 1} other assets`] : ['changed the asset ', t]),
  ASSET_DELETED: (t) => ['deleted the asset ', t],
  ASSET_PHOTO_UPLOADED: (t) => ['uploaded a photo of ', t],
  ASSET_LABEL_REISSUED: (t) => ['issued a new label for ', t, ', so the printed one no longer works'],
  ASSETS_EXPORTED: (_t, e) => [`exported ${Number(e.metadata.rowCount ?? 0).toLocaleString('en-GB')} assets as ${exportFormats[String(e.metadata.format)] ?? 'a file'}`],
  LOAN_REQUESTED: (t) => ['asked to borrow ', t],
  LOAN_APPROVED: (t, e) => (e.metadata.automatic === true ? ['borrowed ', t, ' (approved automatically)'] : ['approved the loan of ', t]),
  LOAN_REJECTED: (t) => ['rejected the request to borrow ', t],
  LOAN_CANCELLED: (t, e) => (e.metadata.byManager === true ? ['cancelled the booking of ', t] : ['withdrew the request to borrow ', t]),
  LOAN_CANCELLED_BORROWER_ERASED: (t) => ['cancelled the booking of ', t, " because the borrower's personal data was erased"],
  LOAN_UPDATED: (t) => ['changed the request to borrow ', t],
  LOAN_PICKED_UP: (t) => ['recorded the pickup of ', t],
  LOAN_CHECKED_OUT: (t) => ['checked ', t, ' out at the desk'],
  LOAN_RETURNED: (t, e) => ['recorded the return of ', t, e.metadata.viaQrCode === true ? ' by scanning its QR code' : ''],
  LOAN_EXTENDED: (t) => ['extended the loan of ', t],
  LOAN_EXTENSION_REQUESTED: (t) => ['asked to keep ', t, ' longer'],
  LOAN_EXTENSION_REJECTED: (t) => ['turned down a longer loan of ', t],
  LOAN_OVERDUE: (t) => ['marked the loan of ', t, ' as overdue'],
  LOAN_POLICY_UPDATED: () => ['changed the loan policy'],
  ORGANISATION_UPDATED: () => ["changed the organisation's settings"],
  BRANDING_UPDATED: () => ['changed the branding'],
  CATEGORY_CREATED: (t) => ['added the category ', t],
  CATEGORY_UPDATED: (t) => ['changed the category ', t],
  CATEGORY_DELETED: (t) => ['deleted the category ', t],
  LOCATION_CREATED: (t) => ['added the location ', t],
  LOCATION_UPDATED: (t) => ['changed the location ', t],
  LOCATION_DELETED: (t) => ['deleted the location ', t],
  ANNOUNCEMENT_PUBLISHED: (t) => ['published the news “', t, '”'],
  ANNOUNCEMENT_DELETED: (t) => ['removed the news “', t, '”'],
  USER_INVITED: (t) => ['invited ', t],
  INVITATION_REVOKED: (t) => ['withdrew the invitation of ', t],
  USER_PROVISIONED: (t, e) => ['created the account of ', t, e.metadata.via === 'invitation' ? ' on first sign-in, as invited' : ' on first sign-in'],
  USER_ROLE_CHANGED: (t) => ['changed the role of ', t],
  USER_DEACTIVATED: (t) => ['deactivated ', t],
  USER_REACTIVATED: (t) => ['reactivated ', t],
  PERSON_DEACTIVATED: () => ['deactivated a person with their last account (their data is anonymised three years later)'],
  PERSON_REACTIVATED: () => ['reactivated a person with their account'],
  USER_DUTIES_CHANGED: (t) => ['changed the duties of ', t],
  PERSON_UPDATED: () => ["changed a person's record"],
  MEDICAL_TREATMENT_CREATED: () => ['recorded a medical treatment'],
  MEDICAL_TREATMENT_UPDATED: () => ['changed a medical treatment'],
  ACTIVITY_RECORDED: () => ["recorded a person's activity"],
  ACTIVITY_UPDATED: () => ["changed a person's activity"],
  COMMENT_MODERATED: () => ["removed someone else's comment on an activity"],
  CONVERSATION_CREATED: (t) => ['started the conversation “', t, '”'],
  CONVERSATION_UPDATED: (t) => ['changed the conversation “', t, '”'],
  CONVERSATION_RETENTION_EXTENDED: (_t, e) => [e.changes.retentionExtendedUntil?.after ? 'extended how long the messages of a conversation are kept' : 'ended the retention extension of a conversation'],
  MESSAGE_MODERATED: () => ["deleted someone else's message as a moderator"],
  DONATION_RECORDED: () => ['recorded a donation'],
  DONATION_UPDATED: () => ['corrected a donation'],
  FINANCIAL_TRANSACTION_RECORDED: () => ['recorded a financial transaction'],
  FINANCIAL_TRANSACTION_UPDATED: () => ['corrected a financial transaction'],
  ANTIDOPING_RECORD_CREATED: () => ['recorded a doping control'],
  ANTIDOPING_RECORD_UPDATED: () => ['changed a doping control'],
  INCIDENT_REPORT_FILED: () => ['filed an incident report'],
  INCIDENT_REPORT_UPDATED: () => ['changed an incident report'],
  SENSITIVE_RECORD_VIEWED: (_t, e) => [sensitiveReads[e.target.type] ?? 'read a sensitive record', e.metadata.via === 'data-export' ? ', in a copy of their own data' : ''],
  MAINTENANCE_ADDED: (t, e, n) => ['added the maintenance entry “', t, '” to ', assetOf(e, n)],
  MAINTENANCE_UPDATED: (t, e, n) => ['changed the maintenance entry “', t, '” of ', assetOf(e, n)],
  BACKUP_REQUESTED: () => ['requested a backup'],
  BACKUP_COMPLETED: () => ['finished a backup'],
  BACKUP_FAILED: (_t, e) => [e.metadata.reason === 'interrupted' ? 'gave up on a backup that was interrupted' : 'recorded that a backup failed'],
  BACKUP_EXPIRED: () => ['removed an old backup (only the newest are kept)'],
  BACKUP_DOWNLOADED: () => ['downloaded a backup'],
  BACKUP_RESTORED: () => ['restored a backup into this organisation'],
  DATA_EXPORT_REQUESTED: (_t, e) => [`asked for a copy of their own data${dataExportFormat(e)}`],
  DATA_EXPORT_COMPLETED: (_t, e) => [`prepared a copy of someone's data${dataExportFormat(e)} and e-mailed them a one-time download link`],
  DATA_EXPORT_FAILED: (_t, e) => [e.metadata.reason === 'interrupted' ? 'gave up on a data export that was interrupted' : 'recorded that a data export could not be prepared'],
  DATA_EXPORT_DOWNLOADED: (_t, e) => [`downloaded their copy of their data${dataExportFormat(e)} through its one-time link, which deleted the file`],
  DATA_EXPORT_EXPIRED: () => ['deleted an unused data export whose download link had expired'],
  DATA_DELETION_REQUESTED: (_t, e) => [e.metadata.onBehalf === true ? "filed a request to erase a person's data" : 'asked for their data to be erased', deletionScope(e)],
  DATA_DELETION_VERIFIED: (_t, e) => [`verified the identity of someone asking for erasure${verificationMethods[String(e.metadata.method)] ?? ''}; the erasure is queued`],
  DATA_DELETION_REJECTED: () => ['declined a request to erase personal data and told the person why'],
  DATA_DELETION_COMPLETED: (_t, e) => ['carried out a request to erase personal data', deletionScope(e), ' and sent the confirmation'],
  // Spec 001 names this action in lower case; an erasure request or the 3-year retention rule writes it.
  anonymize_person: () => ['anonymised a person: their name, birth date, identifiers and contact details are gone, and the records kept now point to a pseudonym'],
  RETENTION_RUN_STARTED: (_t, e) => [e.metadata.trigger === 'manual' ? 'started a retention run by hand' : 'started the daily retention run'],
  RETENTION_RUN_COMPLETED: () => ['finished a retention run'],
  RETENTION_RUN_FAILED: () => ['recorded that a retention run failed'],
  RETENTION_RECORDS_DELETED: (_t, e) => [`deleted ${countOfKind(String(e.metadata.kind), count(e))}${comments(e)} at the end of their retention period`],
  AUDIT_LOG_PURGED: (_t, e) => [`removed ${countOf(count(e), 'audit log entry', 'audit log entries')} older than the organisation keeps them`],
  LEGAL_REPORT_GENERATED: (_t, e) => [
    `${e.metadata.regenerated === true ? 'regenerated' : 'generated'} the legal report for ${legalReportMonth(e)}`,
    e.metadata.emailed === true ? ' and e-mailed it to the legal contact' : '',
  ],
  LEGAL_REPORT_DOWNLOADED: (_t, e) => [`downloaded the legal report for ${legalReportMonth(e)}${e.metadata.format === 'csv' ? ' as CSV' : e.metadata.format === 'pdf' ? ' as PDF' : ''}`],
  ADMIN_SIGNED_IN: () => ['signed in to the portal as an administrator'],
  ADMIN_SIGNED_OUT: () => ['signed out of the portal'],
  PROFILE_UPDATED: (_t, e) => [`changed their own ${fieldList(e)}`],
  PERSON_CHANGE_REQUESTED: (_t, e) => [`proposed a change of their ${fieldList(e)} (waiting for approval)`],
  PERSON_CHANGE_PROPOSED: (_t, e) => [
    e.metadata.via === 'erasure'
      ? `asked the sports registry to clear a person's ${fieldList(e)}, erased here at the person's request`
      : `proposed a change of a person's ${fieldList(e)} to the sports registry; the person changes once the registry accepts`,
  ],
  PERSON_CHANGE_APPROVED: (_t, e) => [
    `${e.metadata.via === 'email_confirmation' ? 'approved (by confirming the new address)' : 'approved'} a proposed change of a person's ${fieldList(e)}${e.metadata.appliedLocally === true ? ', applied here at once (no registry involved)' : ', queued for the sports registry'}`,
  ],
  PERSON_CHANGE_REJECTED: (_t, e) => [`${e.metadata.by === 'registry' ? "recorded the sports registry's rejection of" : 'rejected'} a proposed ${proposalKind(e)}`],
  PERSON_CHANGE_SUBMITTED: (_t, e) => [`sent a proposed ${proposalKind(e)} to the sports registry`],
  PERSON_CHANGE_ACCEPTED: (_t, e) => [`recorded the sports registry's acceptance of a proposed ${proposalKind(e)}`],
  OFFICIAL_EMAIL_CONFIRMED: () => ['confirmed a new official e-mail address through the link sent to it'],
  PERSON_DEACTIVATED_FOR_ERASURE: () => ['deactivated an erased person and proposed their deactivation to the sports registry'],
  PERSON_CREATED: (_t, e) => [e.metadata.registrySync === true ? 'registered a new person' : 'registered a new person (local only: no registry)'],
  PERSON_REGISTRATION_PROPOSED: () => ['registered a new person locally and proposed them to the sports registry (pending registration)'],
  PROCESSING_RESTRICTED: () => ['restricted the processing of their data: no notifications, jobs paused'],
  PROCESSING_RESTRICTION_LIFTED: () => ['lifted the restriction on processing their data'],
  MARKETING_OPT_OUT: () => ['objected to marketing messages'],
  MARKETING_OPT_IN: () => ['withdrew their objection to marketing messages'],
  PERSON_SYNCED_FROM_REGISTRY: (_t, e) => [registrySync(e)],
  PERSON_DEACTIVATED_BY_REGISTRY: () => ['deactivated a person because the sports registry deactivated them'],
  PERSON_LINKED_TO_REGISTRY: () => ["linked a person to their sports registry record (the initial backfill found the same identity)"],
  REGISTRY_BACKFILL_REQUESTED: () => ['started the initial backfill from the sports registry'],
  REGISTRY_MISMATCH_DISMISSED: (_t, e) => [`kept a person's local ${fieldList(e)}, dismissing the sports registry's differing values`],
  REGISTRY_CONFLICT_RESOLVED: (_t, e) => [
    e.metadata.resolution === 'local_value_reproposed'
      ? `resolved a sync conflict by proposing the local ${fieldList(e)} to the sports registry again`
      : `resolved a sync conflict by taking the sports registry's ${fieldList(e)}`,
    Array.isArray(e.metadata.changeRequests) && e.metadata.changeRequests.length > 0 ? ', withdrawing it from the open change request' : '',
  ],
  ORGANISATION_SYNCED_FROM_REGISTRY: (_t, e) => [`updated the organisation's official ${fieldList(e)} from the sports registry`],
  WEBHOOK_ENDPOINT_CREATED: (_t, e) => [`registered a webhook endpoint${webhookUrl(e)}`],
  WEBHOOK_ENDPOINT_UPDATED: (_t, e) => [e.changes.enabled ? (e.changes.enabled.after === false ? 'disabled a webhook endpoint' : 'enabled a webhook endpoint') : 'changed a webhook endpoint'],
  WEBHOOK_ENDPOINT_DELETED: (_t, e) => [`deleted a webhook endpoint${webhookUrl(e)}`],
  WEBHOOK_ENDPOINT_SECRET_ROTATED: () => ["rotated a webhook endpoint's signing secret (the old one signs too for 24 hours)"],
  WEBHOOK_REDELIVERY_REQUESTED: (_t, e) => [`asked for a webhook${typeof e.metadata.eventType === 'string' ? ` (${codeWords(e.metadata.eventType).toLowerCase()})` : ''} to be delivered again`],
  CODELIST_VALUE_CREATED: (_t, e) => [`added “${codelistValue(e)}” to the list of ${codelistName(e)}`],
  CODELIST_VALUE_UPDATED: (_t, e) => [`${e.metadata.deactivated === true ? 'deactivated' : 'changed'} “${codelistValue(e)}” in the list of ${codelistName(e)}`],
};

function webhookUrl(entry: AuditEntry): string {
  const url = entry.changes.url?.after ?? entry.changes.url?.before;
  return typeof url === 'string' ? ` (${new URL(url).host})` : '';
}

const codelistName = (entry: AuditEntry) => codeWords(String(entry.metadata.codelist ?? 'values')).toLowerCase();
// A code list value by its label where the entry has it; its code is what the registry reads, not a person.
function codelistValue(entry: AuditEntry): string {
  const label = entry.changes.label?.after ?? entry.changes.label?.before;
  return typeof label === 'string' && label ? label : String(entry.metadata.code ?? 'a value');
}

function registrySync(entry: AuditEntry): string {
  const conflicts = Array.isArray(entry.metadata.conflicts) ? entry.metadata.conflicts.length : 0;
  const fields = Array.isArray(entry.metadata.fields) && entry.metadata.fields.length > 0 ? `updated a person's ${fieldList(entry)} from the sports registry` : "synchronised a person's record with the sports registry";
  return conflicts > 0 ? `${fields}; it had also changed here, so the person is marked as in conflict for review` : fields;
}

const targetTypeLabels: Record<string, string> = { ANTIDOPING_RECORD: 'Anti-doping record' };

/** MEDICAL_TREATMENT -> "Medical treatment": a target type on its own, as in the audit log's filter. */
export function targetTypeLabel(type: string): string {
  return targetTypeLabels[type] ?? fieldLabel(type.toLowerCase());
}

/** LOAN_PICKED_UP -> "Loan picked up": the name of an action on its own, as in the audit log's filter. */
export function actionLabel(action: string): string {
  return action === 'anonymize_person' ? 'Person anonymised' : codeWords(action);
}

/** Whether an action has a sentence of its own (the unit test asks for every declared action). */
export function hasAuditPhrase(action: string): boolean {
  return Object.hasOwn(phrases, action);
}

// "a change (category field added) to" the record: an action written before its words, still in words.
function genericSentence(entry: AuditEntry, target: Target): SentencePart[] {
  const what = actionLabel(entry.action).toLowerCase();
  return [`recorded a change (${what}) to `, target];
}

/** One audit entry as a sentence a person reads, with names for ids and words for stored values. */
export function describeAuditEntry(entry: AuditEntry, names: AuditNames): AuditDescription {
  // A USER entry without a user is one whose actor is withheld from this reader (the reporter rule).
  const actor = entry.actor.type === 'SYSTEM' ? 'Quartermaster' : entry.actor.userId ? (names.users[entry.actor.userId] ?? 'A former user') : 'Someone';
  const target = targetOf(entry, names);
  const phrase = hasAuditPhrase(entry.action) ? phrases[entry.action as AuditAction] : undefined;
  const sentence: SentencePart[] = phrase ? phrase(target, entry, names) : genericSentence(entry, target);
  return { actor, sentence: sentence.filter((part) => part !== ''), changes: describeAuditChanges(entry, names) };
}

/** The sentence as plain text, for places that cannot show links (and for tests). */
export function sentenceText(description: AuditDescription): string {
  return `${description.actor} ${description.sentence.map((part) => (typeof part === 'string' ? part : part.name)).join('')}.`;
}
