import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { encryptField } from '@/lib/platform/crypto/encrypt-field';
import type { EncryptedField } from '@/lib/platform/crypto/encrypted-fields';
import { createFieldEncryption, type FieldEncryption } from '@/lib/platform/crypto/field-encryption';
import { createKeyRing } from '@/lib/platform/crypto/key-ring';
import { createLocalKeyProvider } from '@/lib/platform/crypto/local-key-provider';
import { type CreateDataExportsDeps, createDataExports } from '@/lib/privacy/jobs/create-data-exports';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import {
  addConversationParticipant,
  createActivity,
  createActivityComment,
  createAntidopingRecord,
  createConversation,
  createDonation,
  createFinancialTransaction,
  createIncidentReport,
  createMedicalTreatment,
  createMessage,
  createPerson,
  createPersonChangeRequest,
  insertAssets,
  ownerDb,
  type TestTenant,
  type TestUser,
} from '../../../support/factories';
import { insertLoan, jobDb } from '../../../support/job-db';

export const LINK_TTL_MS = 72 * 60 * 60 * 1000;

let encryption: FieldEncryption | undefined;

/** Field encryption under the test server's own master key: what the job encrypts, the server opens, and back. */
export function serverEncryption(): FieldEncryption {
  encryption ??= createFieldEncryption(createKeyRing(createLocalKeyProvider(Buffer.from(inject('fleMasterKey'), 'base64'))), 300);
  return encryption;
}

export async function encrypt(organisationId: string, field: EncryptedField, plaintext: string): Promise<Buffer> {
  return withTenant(jobDb(), organisationId, (tx) => encryptField(tx, { organisationId }, field, plaintext, serverEncryption()));
}

// The shared test server runs no job engine, so the test plays the engine: the same function Inngest and the
// in-process driver run, with the server's master key and the default link lifetime.
export function runExportJob(runId: string, over: Partial<CreateDataExportsDeps> = {}) {
  return createDataExports({ db: jobDb(), now: () => new Date(), runId, linkTtlMs: LINK_TTL_MS, encryption: serverEncryption(), ...over });
}

export const personIdOf = async (user: TestUser): Promise<string> => (await ownerDb()`select person_id from users where id = ${user.id}`)[0]!.person_id as string;

export type SeededRecords = Record<string, string[]> & { person: string[] };

/**
 * One record of every kind in which a person can appear, for `user`'s person, with the sensitive fields
 * encrypted under the server's key. Returns the ids by document kind.
 */
export async function seedEveryKind(tenant: TestTenant, user: TestUser, secrets: { identifier: string; diagnosis: string; notes: string }): Promise<SeededRecords> {
  const org = tenant.id;
  const personId = await personIdOf(user);
  const sql = ownerDb();
  await sql`update persons set identifier_national = ${await encrypt(org, 'person.identifierNational', secrets.identifier)}, phone = '+49 30 1234567',
    birth_date = '2004-02-29', preferences = ${sql.json({ channels: { email: true, push: true, sms: false, inApp: true }, marketingOptOut: true, marketingOptOutAt: '2026-01-05T10:00:00.000Z' })}
    where id = ${personId}`;
  const someoneElse = await createPerson(org, { identifier_national: null });
  const activity = await createActivity(org, { person_id: personId, type: 'mentoring_session', title: 'Mentoring: goal setting' });
  const conversation = await createConversation(org, { kind: 'mentoring', title: 'Mentoring chat' });
  await addConversationParticipant(org, { conversation_id: conversation, person_id: personId });
  const loan = await insertLoan(tenant, { startDate: '2026-03-02', endDate: '2026-03-06', status: 'RETURNED', requesterId: user.id, assetName: `Tripod ${randomBytes(2).toString('hex')}` });
  const [notification] = await sql`insert into notifications (organisation_id, user_id, kind, title, body) values (${org}, ${user.id}, 'LOAN_REMINDER', 'Return soon', 'Your loan ends in 3 days.') returning id`;
  const [invitation] = await sql`insert into invitations (organisation_id, email, role, invited_by_user_id, accepted_at, accepted_user_id)
    values (${org}, ${`${user.subject}@example.test`}, 'EMPLOYEE', ${tenant.admin.id}, now(), ${user.id}) returning id`;
  const [erasureRequest] = await sql`insert into data_deletion_requests (organisation_id, person_id, requested_by_user_id, scope, partial_fields, status, rejection_reason, rejected_by_user_id, rejected_at, legal_due_at)
    values (${org}, ${personId}, ${user.id}, 'partial', '{phone}', 'rejected', 'We could not confirm it was you.', ${tenant.admin.id}, now(), now() + interval '30 days') returning id`;
  const [announcement] = await sql`insert into announcements (organisation_id, title, body, author_user_id) values (${org}, 'Kit day', 'New kit on Friday.', ${user.id}) returning id`;
  const [ownedAsset] = await insertAssets(tenant, [{ name: 'Personal laptop', ownerId: user.id }]);
  const [aboutThem] = await sql`insert into audit_log (organisation_id, actor_type, actor_user_id, action, target_type, target_id, changes, metadata)
    values (${org}, 'USER', ${tenant.admin.id}, 'PERSON_UPDATED', 'PERSON', ${personId}, ${sql.json({ phone: { before: null, after: '+49 30 1234567' } })}, ${sql.json({ fields: ['phone'] })}) returning id`;
  const [byThem] = await sql`insert into audit_log (organisation_id, actor_type, actor_user_id, action, target_type, target_id, changes, metadata)
    values (${org}, 'USER', ${user.id}, 'PERSON_UPDATED', 'PERSON', ${someoneElse}, ${sql.json({ phone: { before: null, after: '+44 20 7946 0000' } })}, ${sql.json({ fields: ['phone'] })}) returning id`;
  return {
    person: [personId],
    userAccounts: [user.id],
    profileChangeRequests: [await createPersonChangeRequest(org, { person_id: personId })],
    activities: [activity],
    activityComments: [await createActivityComment(org, { activity_id: activity, author_person_id: personId, body: 'Clear goals for the season.' })],
    conversations: [conversation],
    messages: [await createMessage(org, { conversation_id: conversation, author_person_id: personId, body: 'Thanks for the session.' })],
    donations: [await createDonation(org, { person_id: personId, amount: '25.50' })],
    financialTransactions: [await createFinancialTransaction(org, { person_id: personId, kind: 'membership_fee', amount: '180.00' })],
    medicalTreatments: [
      await createMedicalTreatment(org, {
        person_id: personId,
        diagnosis: await encrypt(org, 'medicalTreatment.diagnosis', secrets.diagnosis),
        detailed_notes: await encrypt(org, 'medicalTreatment.detailedNotes', secrets.notes),
      }),
    ],
    antidopingRecords: [await createAntidopingRecord(org, { person_id: personId })],
    incidentReports: [
      await createIncidentReport(org, { person_id: personId, description: 'Collision in training.' }),
      await createIncidentReport(org, { person_id: someoneElse, reported_by_user_id: user.id, description: 'Saw a fall on the stairs.' }),
    ],
    loans: [loan.id],
    notifications: [notification!.id as string],
    invitations: [invitation!.id as string],
    erasureRequests: [erasureRequest!.id as string],
    announcements: [announcement!.id as string],
    ownedAssets: [ownedAsset!],
    auditEntries: [String(aboutThem!.id), String(byThem!.id)],
  };
}

/** Another person's records of the same kinds: none of them may appear in the subject's export. */
export async function seedAnotherPerson(tenant: TestTenant, user: TestUser): Promise<string[]> {
  const org = tenant.id;
  const personId = await personIdOf(user);
  const activity = await createActivity(org, { person_id: personId });
  const conversation = await createConversation(org);
  await addConversationParticipant(org, { conversation_id: conversation, person_id: personId });
  return [
    personId,
    user.id,
    activity,
    conversation,
    await createActivityComment(org, { activity_id: activity, author_person_id: personId }),
    await createMessage(org, { conversation_id: conversation, author_person_id: personId }),
    await createDonation(org, { person_id: personId }),
    await createFinancialTransaction(org, { person_id: personId }),
    await createMedicalTreatment(org, { person_id: personId, diagnosis: null, detailed_notes: null }),
    await createAntidopingRecord(org, { person_id: personId }),
    await createIncidentReport(org, { person_id: personId }),
    await createPersonChangeRequest(org, { person_id: personId }),
    (await insertLoan(tenant, { startDate: '2026-04-01', endDate: '2026-04-02', status: 'RETURNED', requesterId: user.id })).id,
  ];
}

/** The plaintext token of an export's link, as the outbox holds it for the e-mail (null once used or lapsed). */
export async function outboxToken(organisationId: string, dataExportId: string): Promise<string | null> {
  const [row] = await ownerDb()`select payload from outbox where organisation_id = ${organisationId} and idempotency_key = ${`data-export:${dataExportId}`}`;
  return ((row?.payload as { data?: { token?: string | null } } | undefined)?.data?.token ?? null) as string | null;
}
