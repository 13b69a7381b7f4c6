import { formatDate, formatDateTime } from '@/lib/platform/format/dates';
import { deletionStatusLabels, describeErasedFields, verificationMethodLabels } from '@/lib/privacy/erasure/deletion-requests/field-labels';
import { loanStatusLabels } from '@/lib/platform/format/value-labels';
import type { ReportField, ReportModel, ReportRecord, ReportSection } from '@/lib/privacy/reports/report-model';
import type { ExportDocument } from './export-document';

type Doc = ExportDocument;

const roleLabels: Record<string, string> = { EMPLOYEE: 'Employee', ASSET_MANAGER: 'Asset manager', ADMIN: 'Administrator' };

/** match_participation -> "Match participation", PENDING -> "Pending", marketingOptOut -> "Marketing opt out". */

// A proposed national identifier is kept sealed (FLE1) in the proposal; the report never prints it.
const shownValue = (value: unknown) => (value !== null && typeof value === 'object' ? '(hidden)' : String(value ?? '—'));
export function words(value: string): string {
  const spaced = value
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const money = (amount: string, currency: string) => `${amount} ${currency}`;
const when = (value: string | null, empty: string | null = null) => (value ? formatDateTime(value) : empty);
const field = (label: string, value: string | null | undefined): ReportField => ({ label, value: value ?? null });

/** A free-form object (activity details, preferences) as one field per key, nested values as compact JSON. */
function objectFields(object: Record<string, unknown>): ReportField[] {
  const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'boolean' ? yesNo(value) : JSON.stringify(value));
  return Object.entries(object).map(([key, value]) => field(words(key), text(value)));
}

function section(heading: string, description: string, emptyText: string, records: ReportRecord[]): ReportSection {
  return { heading, description, emptyText, records };
}

function personSection(person: Doc['person']): ReportSection {
  return section('About you', 'Your personal record, every field of it.', 'No personal record.', [
    {
      fields: [
        field('Name', `${person.firstName} ${person.lastName}`),
        field('Official e-mail', person.officialEmail),
        field('Preferred e-mail', person.preferredEmail),
        field('Phone', person.phone),
        field('Birth date', person.birthDate ? formatDate(person.birthDate) : null),
        field('National identifier', person.identifierNational),
        field('Nationality', person.nationality),
        field('Language', person.language),
        field('Main role', person.primaryRole ? words(person.primaryRole) : null),
        ...objectFields(person.preferences),
        field('Processing restricted', yesNo(person.processingRestricted)),
        field('Deactivated', when(person.deletedAt)),
        field('Anonymised', when(person.anonymizedAt)),
        field('Recorded since', formatDateTime(person.createdAt)),
        field('Last changed', formatDateTime(person.updatedAt)),
      ],
    },
  ]);
}

function accountSections(doc: Doc): ReportSection[] {
  return [
    section('Your accounts', 'The accounts you sign in with.', 'No account.', doc.userAccounts.map((a) => ({
      heading: a.email ?? 'Account without e-mail address',
      fields: [
        field('Role', roleLabels[a.role] ?? words(a.role)),
        field('Duties', a.duties.length ? a.duties.map(words).join(', ') : 'None'),
        field('Active', yesNo(a.isActive)),
        field('Sign-in identifier', a.identityProviderSubject),
        field('Created', formatDateTime(a.createdAt)),
        field('Last seen', when(a.lastSeenAt, 'Never')),
      ],
    }))),
    section('Corrections you asked for', 'Changes to your name, birth date or nationality that you requested.', 'You have not asked for any correction.', doc.profileChangeRequests.map((r) => ({
      heading: `Requested ${formatDate(r.createdAt)}`,
      fields: [
        ...Object.entries(r.fields).map(([name, change]) => field(words(name), `${shownValue(change.from)} → ${shownValue(change.to)}`)),
        field('Status', words(r.status)),
        field('Decided', when(r.decidedAt)),
      ],
    }))),
  ];
}

function activitySections(doc: Doc): ReportSection[] {
  const conversationTitles = new Map(doc.conversations.map((c) => [c.id, c.title]));
  return [
    section('Activities', 'Trainings, matches, mentoring, courses and other activities recorded for you.', 'No activities are recorded for you.', doc.activities.map((a) => ({
      heading: `${words(a.type)}: ${a.title}, ${formatDate(a.occurredAt)}`,
      fields: [field('Started', formatDateTime(a.occurredAt)), field('Ended', when(a.endedAt)), ...objectFields(a.details)],
    }))),
    section('Comments you wrote', 'Your comments on activities.', 'You have not written any comments.', doc.activityComments.map((c) => ({
      heading: formatDateTime(c.createdAt),
      fields: [field('Comment', c.body)],
    }))),
    section('Conversations', 'Conversations you take part in. Messages lists only what you wrote; the messages of others are theirs.', 'You take part in no conversation.', doc.conversations.map((c) => ({
      heading: c.title,
      fields: [field('Kind', words(c.kind)), field('You joined', formatDateTime(c.joinedAt)), field('Started', formatDateTime(c.createdAt))],
    }))),
    section('Messages you wrote', 'Every message you wrote, in the order you wrote them.', 'You have not written any messages.', doc.messages.map((m) => ({
      heading: formatDateTime(m.createdAt),
      fields: [
        field('Conversation', conversationTitles.get(m.conversationId) ?? 'A conversation you have left'),
        field('Message', m.body),
        field('Deleted', when(m.deletedAt)),
      ],
    }))),
  ];
}

function recordSections(doc: Doc): ReportSection[] {
  return [
    section('Donations', 'Donations you made.', 'No donations are recorded for you.', doc.donations.map((d) => ({
      heading: `${money(d.amount, d.currency)}, ${formatDate(d.donatedAt)}`,
      fields: [field('Campaign', d.campaign), field('Anonymous in public lists', yesNo(d.anonymousToPublic))],
    }))),
    section('Payments and transactions', 'Membership fees, sponsorships, refunds and purchases.', 'No transactions are recorded for you.', doc.financialTransactions.map((t) => ({
      heading: `${words(t.kind)}: ${money(t.amount, t.currency)}, ${formatDate(t.occurredAt)}`,
      fields: [field('Reference', t.reference)],
    }))),
    section('Medical treatments', 'Your treatments, with diagnosis and notes as the club’s medical staff recorded them.', 'No medical treatments are recorded for you.', doc.medicalTreatments.map((t) => ({
      heading: `Treatment from ${formatDate(t.startedAt)}`,
      fields: [
        field('Diagnosis', t.diagnosis),
        field('Notes', t.detailedNotes),
        field('Started', formatDateTime(t.startedAt)),
        field('Ended', when(t.treatmentEndedAt, 'Ongoing')),
      ],
    }))),
    section('Anti-doping controls', 'Doping controls you took part in.', 'No anti-doping controls are recorded for you.', doc.antidopingRecords.map((r) => ({
      heading: `${words(r.kind)}, ${formatDate(r.testedAt)}`,
      fields: [field('Result', words(r.result)), field('Authority', r.authority), field('Notes', r.notes)],
    }))),
    section('Incident reports', 'Incidents that involve you, and incidents you reported.', 'No incident reports involve you.', doc.incidentReports.map((r) => ({
      heading: `${words(r.severity)} incident, ${formatDate(r.occurredAt)}`,
      fields: [
        field('Involves you', yesNo(r.aboutYou)),
        field('Reported by you', yesNo(r.filedByYou)),
        field('What happened', r.description),
        field('Status', words(r.status)),
      ],
    }))),
  ];
}

function lendingSections(doc: Doc): ReportSection[] {
  return [
    section('Loans', 'Equipment you borrowed or asked to borrow.', 'You have not borrowed anything.', doc.loans.map((l) => ({
      heading: `${l.asset.name} (${l.asset.inventoryNumber})`,
      fields: [
        field('Status', loanStatusLabels[l.status] ?? words(l.status)),
        field('From', formatDate(l.startDate)),
        field('Until', formatDate(l.endDate)),
        field('Purpose', l.purpose),
        field('Reason for rejection', l.rejectionReason),
        field('Extension asked until', l.extensionRequestedEndDate ? formatDate(l.extensionRequestedEndDate) : null),
        field('Picked up', when(l.pickedUpAt)),
        field('Returned', when(l.returnedAt)),
      ],
    }))),
    section('Notifications', 'Notifications sent to you in the app.', 'No notifications were sent to you.', doc.notifications.map((n) => ({
      heading: `${n.title}, ${formatDateTime(n.createdAt)}`,
      fields: [field('Message', n.body), field('Read', when(n.readAt, 'Not read'))],
    }))),
    section('Invitation', 'The invitation your account was created from.', 'Your account was not created from an invitation.', doc.invitations.map((i) => ({
      heading: i.email,
      fields: [field('Role', roleLabels[i.role] ?? words(i.role)), field('Invited', formatDateTime(i.createdAt)), field('Accepted', when(i.acceptedAt))],
    }))),
    section('Erasure requests', 'Requests to erase your data, and what became of them.', 'You have not asked for your data to be erased.', doc.erasureRequests.map((r) => ({
      heading: `${r.scope === 'full' ? 'Erase everything' : `Erase ${describeErasedFields(r.partialFields)}`}, ${formatDateTime(r.requestedAt)}`,
      fields: [
        field('Status', deletionStatusLabels[r.status] ?? words(r.status)),
        field('Identity checked', r.verifiedAt ? `${formatDateTime(r.verifiedAt)}${r.verificationMethod ? `, ${verificationMethodLabels[r.verificationMethod].toLowerCase()}` : ''}` : null),
        field('Note on the check', r.verificationNote),
        field('Due', r.targetDueAt ? formatDateTime(r.targetDueAt) : null),
        field('Legal limit', formatDateTime(r.legalDueAt)),
        field('Rejected', when(r.rejectedAt)),
        field('Reason', r.rejectionReason),
        field('Completed', when(r.completedAt)),
      ],
    }))),
    section('News you published', 'Announcements you published to the organisation.', 'You have not published any news.', doc.announcements.map((a) => ({
      heading: `${a.title}, ${formatDate(a.publishedAt)}`,
      fields: [field('Text', a.body)],
    }))),
    section('Assets in your name', 'Equipment recorded with you as its owner.', 'No equipment is recorded in your name.', doc.ownedAssets.map((a) => ({
      heading: `${a.name} (${a.inventoryNumber})`,
      fields: [field('Status', words(a.status))],
    }))),
  ];
}

function auditSection(doc: Doc): ReportSection {
  const actor = (e: Doc['auditEntries'][number]) => (e.byYou ? 'You' : e.actorType === 'SYSTEM' ? 'Quartermaster, automatically' : 'Another user');
  return section('Audit log', 'Entries of the audit log about you or your records, and of what you did yourself.', 'The audit log holds no entries about you.', doc.auditEntries.map((e) => ({
    heading: `${words(e.action)}, ${formatDateTime(e.occurredAt)}`,
    fields: [field('Done by', actor(e)), field('Concerns', e.aboutYou ? 'You or a record of yours' : 'Another record'), field('Record type', words(e.targetType))],
  })));
}

/** The export as the readable report of the PDF format: the same data as the JSON, in words and dates. */
export function toReportModel(doc: ExportDocument): ReportModel {
  const name = `${doc.person.firstName} ${doc.person.lastName}`;
  return {
    title: 'Your personal data',
    subtitle: `Everything ${doc.organisation.name} keeps about you on Quartermaster`,
    organisationName: doc.organisation.name,
    subjectName: name,
    generatedAt: new Date(doc.generatedAt),
    intro: [
      `This report lists the personal data that ${doc.organisation.name} keeps about ${name} on Quartermaster, as of ${formatDateTime(doc.generatedAt)}. You asked for it under your right of access to your data.`,
      'The same data is also available as a machine-readable JSON file: request the export again in the JSON format. That file follows a published JSON Schema and is the one to use to take your data to another service.',
      'Times are in UTC. Sensitive data, such as your national identifier and medical records, is shown in plain text here: keep this document somewhere safe.',
    ],
    sections: [personSection(doc.person), ...accountSections(doc), ...activitySections(doc), ...recordSections(doc), ...lendingSections(doc), auditSection(doc)],
  };
}
