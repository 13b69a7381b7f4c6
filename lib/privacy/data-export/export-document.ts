import { z } from 'zod';
import {
  activityTypeEnum,
  antidopingResultEnum,
  antidopingTestKindEnum,
  conversationKindEnum,
  financialTransactionKindEnum,
  incidentSeverityEnum,
  incidentStatusEnum,
  loanStatusEnum,
  personChangeRequestStatusEnum,
} from '@/db/schema';
import { Role } from '@/lib/platform/auth/roles';

// The portability format of spec 001: the job validates every export against this schema before storing it,
// and GET /api/v1/data-export/schema.json publishes it as JSON Schema 2020-12, generated from it.
export const EXPORT_FORMAT_VERSION = 1;
export const EXPORT_SCHEMA_ID = `urn:quartermaster:schema:data-export:${EXPORT_FORMAT_VERSION}`;

const id = z.guid().describe('Identifier (UUID).');
const instant = z.iso.datetime().describe('ISO 8601 instant in UTC.');
const day = z.iso.date().describe('ISO 8601 calendar date.');
const text = z.string();
const money = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .describe('Decimal amount as a string ("50.00"), never a binary floating-point number.');
const currency = z.string().describe('ISO 4217 currency code.');
const jsonObject = z.record(z.string(), z.unknown());
const stamps = { createdAt: instant, updatedAt: instant };

const Person = z
  .strictObject({
    id,
    firstName: text,
    lastName: text,
    officialEmail: text.nullable(),
    preferredEmail: text.nullable(),
    phone: text.nullable(),
    birthDate: day.nullable(),
    identifierNational: text.nullable().describe('The national identifier, decrypted (stored encrypted).'),
    nationality: text.nullable().describe('ISO 3166-1 alpha-2.'),
    language: text.describe('BCP 47 language tag.'),
    primaryRole: text.nullable(),
    preferences: jsonObject.describe('Notification channels and the objection to marketing.'),
    processingRestricted: z.boolean(),
    deletedAt: instant.nullable(),
    anonymizedAt: instant.nullable(),
    ...stamps,
  })
  .meta({ title: 'Person', description: 'Your personal record, every field.' });

const UserAccount = z
  .strictObject({
    id,
    email: text.nullable(),
    role: Role,
    duties: z.array(text),
    isActive: z.boolean(),
    identityProviderSubject: text.describe('Your identifier at the sign-in provider.'),
    createdAt: instant,
    lastSeenAt: instant.nullable(),
  })
  .meta({ title: 'User account', description: 'An account you sign in with.' });

const ProfileChangeRequest = z
  .strictObject({
    id,
    fields: z.record(z.string(), z.strictObject({ from: z.unknown(), to: z.unknown() })),
    status: z.enum(personChangeRequestStatusEnum.enumValues),
    decidedAt: instant.nullable(),
    ...stamps,
  })
  .meta({ title: 'Profile change request', description: 'A correction of an identity field you asked for.' });

const Activity = z
  .strictObject({
    id,
    type: z.enum(activityTypeEnum.enumValues),
    title: text,
    occurredAt: instant,
    endedAt: instant.nullable(),
    details: jsonObject,
    parentActivityId: id.nullable(),
    recordedByUserId: id.nullable(),
    ...stamps,
  })
  .meta({ title: 'Activity', description: 'A training, match, mentoring session, course or other activity of yours.' });

const ActivityComment = z
  .strictObject({ id, activityId: id, body: text, createdAt: instant })
  .meta({ title: 'Activity comment', description: 'A comment you wrote on an activity.' });

const Conversation = z
  .strictObject({ id, kind: z.enum(conversationKindEnum.enumValues), title: text, joinedAt: instant, ...stamps })
  .meta({ title: 'Conversation', description: 'A conversation you take part in (metadata only; the messages of others are theirs).' });

const Message = z
  .strictObject({ id, conversationId: id, body: text, createdAt: instant, deletedAt: instant.nullable() })
  .meta({ title: 'Message', description: 'A message you wrote.' });

const Donation = z
  .strictObject({ id, amount: money, currency, donatedAt: instant, campaign: text.nullable(), anonymousToPublic: z.boolean(), ...stamps })
  .meta({ title: 'Donation', description: 'A donation you made.' });

const FinancialTransaction = z
  .strictObject({ id, kind: z.enum(financialTransactionKindEnum.enumValues), amount: money, currency, occurredAt: instant, reference: text.nullable(), ...stamps })
  .meta({ title: 'Financial transaction', description: 'A membership fee, sponsorship, refund or purchase.' });

const MedicalTreatment = z
  .strictObject({
    id,
    diagnosis: text.nullable().describe('Decrypted (stored encrypted).'),
    detailedNotes: text.nullable().describe('Decrypted (stored encrypted).'),
    treatedByUserId: id.nullable(),
    startedAt: instant,
    treatmentEndedAt: instant.nullable(),
    ...stamps,
  })
  .meta({ title: 'Medical treatment', description: 'A treatment of yours.' });

const AntidopingRecord = z
  .strictObject({
    id,
    testedAt: instant,
    kind: z.enum(antidopingTestKindEnum.enumValues),
    result: z.enum(antidopingResultEnum.enumValues),
    authority: text,
    notes: text.nullable(),
    ...stamps,
  })
  .meta({ title: 'Anti-doping record', description: 'A doping control of yours.' });

const IncidentReport = z
  .strictObject({
    id,
    aboutYou: z.boolean().describe('The incident involves you.'),
    filedByYou: z.boolean().describe('You reported it.'),
    occurredAt: instant,
    severity: z.enum(incidentSeverityEnum.enumValues),
    description: text,
    status: z.enum(incidentStatusEnum.enumValues),
    ...stamps,
  })
  .meta({ title: 'Incident report', description: 'An incident about you, or one you reported.' });

const Loan = z
  .strictObject({
    id,
    asset: z.strictObject({ id, name: text, inventoryNumber: text }),
    status: z.enum(loanStatusEnum.enumValues),
    startDate: day,
    endDate: day,
    purpose: text,
    rejectionReason: text.nullable(),
    extensionRequestedEndDate: day.nullable(),
    decidedAt: instant.nullable(),
    pickedUpAt: instant.nullable(),
    returnedAt: instant.nullable(),
    cancelledAt: instant.nullable(),
    ...stamps,
  })
  .meta({ title: 'Loan', description: 'Something you borrowed or asked to borrow.' });

const Notification = z
  .strictObject({ id, kind: text, title: text, body: text, readAt: instant.nullable(), createdAt: instant })
  .meta({ title: 'Notification', description: 'A notification sent to you in the app.' });

const Invitation = z
  .strictObject({ id, email: text, role: Role, createdAt: instant, acceptedAt: instant.nullable() })
  .meta({ title: 'Invitation', description: 'The invitation your account was created from.' });

const ErasureRequest = z
  .strictObject({
    id,
    status: z.enum(['pending', 'verified', 'in_progress', 'completed', 'rejected']),
    scope: z.enum(['full', 'partial']),
    partialFields: z.array(text).describe('The fields asked to be erased, when the scope is partial.'),
    requestedAt: instant,
    verificationMethod: z.enum(['phone', 'video', 'in_person']).nullable(),
    verificationNote: text.nullable(),
    verifiedAt: instant.nullable(),
    rejectionReason: text.nullable(),
    rejectedAt: instant.nullable(),
    targetDueAt: instant.nullable().describe('7 days from verification: when the erasure should be done.'),
    legalDueAt: instant.describe('30 days from the request: the legal limit.'),
    completedAt: instant.nullable(),
  })
  .meta({ title: 'Erasure request', description: 'A request you made (or an admin made for you) to erase your data.' });

const Announcement = z
  .strictObject({ id, title: text, body: text, publishedAt: instant })
  .meta({ title: 'Announcement', description: 'News you published to the organisation.' });

const OwnedAsset = z
  .strictObject({ id, name: text, inventoryNumber: text, status: text })
  .meta({ title: 'Owned asset', description: 'An asset recorded in your name as its owner.' });

const AuditEntry = z
  .strictObject({
    id: z.string().regex(/^\d+$/).describe('Position in the audit log; newer entries have larger ids.'),
    occurredAt: instant,
    action: text,
    actorType: z.enum(['USER', 'SYSTEM']),
    actorUserId: id.nullable().describe('Who did it; null when the system did, and on entries about an incident report about you done by whoever reported it, who is never named to you.'),
    byYou: z.boolean().describe('You did it.'),
    aboutYou: z.boolean().describe('It is about you or a record of yours.'),
    targetType: text,
    targetId: text,
    changes: z
      .record(z.string(), z.strictObject({ before: z.unknown(), after: z.unknown() }))
      .nullable()
      .describe('What changed, for entries about you; null for your own actions on other records, which can hold other people’s data.'),
    metadata: jsonObject.nullable().describe('Details, for entries about you; null otherwise, as for changes.'),
  })
  .meta({ title: 'Audit entry', description: 'An entry of the audit log about you or a record of yours, or of something you did.' });

export const exportDocumentKinds = {
  userAccounts: UserAccount,
  profileChangeRequests: ProfileChangeRequest,
  activities: Activity,
  activityComments: ActivityComment,
  conversations: Conversation,
  messages: Message,
  donations: Donation,
  financialTransactions: FinancialTransaction,
  medicalTreatments: MedicalTreatment,
  antidopingRecords: AntidopingRecord,
  incidentReports: IncidentReport,
  loans: Loan,
  notifications: Notification,
  invitations: Invitation,
  erasureRequests: ErasureRequest,
  announcements: Announcement,
  ownedAssets: OwnedAsset,
  auditEntries: AuditEntry,
} as const;

export type ExportKind = keyof typeof exportDocumentKinds;
export const exportKinds = Object.keys(exportDocumentKinds) as ExportKind[];

const kindArrays = Object.fromEntries(exportKinds.map((kind) => [kind, z.array(exportDocumentKinds[kind])])) as {
  [K in ExportKind]: z.ZodArray<(typeof exportDocumentKinds)[K]>;
};

export const ExportDocument = z
  .strictObject({
    formatVersion: z.literal(EXPORT_FORMAT_VERSION),
    generatedAt: instant,
    organisation: z.strictObject({ id, name: text }),
    person: Person,
    ...kindArrays,
  })
  .meta({
    $id: EXPORT_SCHEMA_ID,
    title: 'Quartermaster data export',
    description:
      'Everything an organisation on Quartermaster holds about one person (GDPR access and portability, spec 001): the person, their accounts and every kind of record in which they appear. Field names are camelCase, instants ISO 8601 in UTC, money decimal strings.',
  });

export type ExportDocument = z.infer<typeof ExportDocument>;
export type ExportItem<K extends ExportKind> = z.infer<(typeof exportDocumentKinds)[K]>;

let jsonSchema: Record<string, unknown> | undefined;

/** The published JSON Schema (2020-12) of the export, generated from ExportDocument, never written by hand. */
export function exportDocumentJsonSchema(): Record<string, unknown> {
  jsonSchema ??= z.toJSONSchema(ExportDocument, { target: 'draft-2020-12' }) as Record<string, unknown>;
  return jsonSchema;
}
