import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '@/lib/platform/core/context';
import { erasePerson } from '@/lib/privacy/erasure/erase-person';
import { erasedSignInMarker } from '@/lib/privacy/erasure/erased-sign-in';
import { pseudonymFor } from '@/lib/privacy/erasure/pseudonym';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import {
  addConversationParticipant,
  createActivity,
  createActivityComment,
  createAntidopingRecord,
  createConversation,
  createDataExport,
  createDonation,
  createFinancialTransaction,
  createIncidentReport,
  createMedicalTreatment,
  createMessage,
  createPerson,
  createPersonChangeRequest,
  createTenant,
  ownerDb,
  type TestTenant,
} from '../../../support/factories';
import { jobDb } from '../../../support/job-db';

const secret = randomBytes(32).toString('base64url');
// A little ahead of the factories' own clock, as a job runs after the records it erases were written.
const now = new Date(Math.ceil(Date.now() / 1000) * 1000 + 60_000);

type Seeded = { personId: string; userId: string; subject: string; email: string; ids: Record<string, string>; bystander: { activity: string; message: string; medical: string; personId: string } };

/** A subject with one record of every kind, and a bystander with the same kinds who must stay untouched. */
async function seedSubject(tenant: TestTenant): Promise<Seeded> {
  const sql = ownerDb();
  const email = `erase-${randomUUID()}@example.test`;
  const personId = await createPerson(tenant.id, { first_name: 'Zoë', last_name: 'Łukasiewicz', birth_date: '1994-07-21', official_email: email, preferred_email: `pref-${email}`, phone: '+49 170 5550123' });
  const subject = `sub-${randomUUID()}`;
  const [user] = await sql`insert into users (organisation_id, person_id, idp_subject, email, role) values (${tenant.id}, ${personId}, ${subject}, ${email}, 'EMPLOYEE') returning id`;
  const userId = user!.id as string;
  const bystanderId = await createPerson(tenant.id);
  const conversationId = await createConversation(tenant.id);
  await addConversationParticipant(tenant.id, { conversation_id: conversationId, person_id: personId });
  await addConversationParticipant(tenant.id, { conversation_id: conversationId, person_id: bystanderId });
  const activityId = await createActivity(tenant.id, { person_id: personId });
  const ids: Record<string, string> = {
    activity: activityId,
    comment: await createActivityComment(tenant.id, { activity_id: activityId, author_person_id: personId, body: 'My knee hurts again.' }),
    message: await createMessage(tenant.id, { conversation_id: conversationId, author_person_id: personId, body: 'Call me on my private number.' }),
    medical: await createMedicalTreatment(tenant.id, { person_id: personId }),
    donation: await createDonation(tenant.id, { person_id: personId }),
    financial: await createFinancialTransaction(tenant.id, { person_id: personId }),
    antidoping: await createAntidopingRecord(tenant.id, { person_id: personId }),
    incident: await createIncidentReport(tenant.id, { person_id: personId }),
    changeRequest: await createPersonChangeRequest(tenant.id, { person_id: personId }),
  };
  const [notification] = await sql`insert into notifications (organisation_id, user_id, kind, title, body) values (${tenant.id}, ${userId}, 'LOAN_APPROVED', 'Approved', 'Your loan was approved') returning id`;
  ids.notification = notification!.id;
  ids.dataExport = await createDataExport(tenant.id, { person_id: personId, requested_by_user_id: userId, status: 'ready', content: Buffer.from('{"person":{}}'), download_token_hash: 'a'.repeat(64), link_expires_at: new Date(Date.now() + 86_400_000), completed_at: new Date() });
  const [queued] = await sql`insert into outbox (organisation_id, kind, idempotency_key, payload) values (${tenant.id}, 'EMAIL', ${randomUUID()}, ${sql.json({ to: email.toUpperCase(), template: 'loan-approved', data: { name: 'Zoë' } })}) returning id`;
  ids.outbox = queued!.id;
  await sql`insert into audit_log (organisation_id, actor_type, actor_user_id, action, target_type, target_id, changes)
    values (${tenant.id}, 'USER', ${tenant.admin.id}, 'PERSON_UPDATED', 'PERSON', ${personId}, ${sql.json({ phone: { before: null, after: '+49 170 5550123' } })}),
           (${tenant.id}, 'USER', ${tenant.admin.id}, 'MEDICAL_TREATMENT_CREATED', 'MEDICAL_TREATMENT', ${ids.medical!}, ${sql.json({ personId: { before: null, after: personId } })}),
           (${tenant.id}, 'USER', ${tenant.admin.id}, 'INVITATION_CREATED', 'INVITATION', ${randomUUID()}, ${sql.json({ email: { before: null, after: email } })})`;
  const bystander = {
    activity: await createActivity(tenant.id, { person_id: bystanderId }),
    message: await createMessage(tenant.id, { conversation_id: conversationId, author_person_id: bystanderId }),
    medical: await createMedicalTreatment(tenant.id, { person_id: bystanderId }),
    personId: bystanderId,
  };
  return { personId, userId, subject, email, ids, bystander };
}

async function erase(tenant: TestTenant, personId: string, scope: Parameters<typeof erasePerson>[3] = { scope: 'full' }) {
  const { ctx } = createContext({ organisationId: tenant.id, user: null, requestId: `test-${randomUUID()}`, now });
  return withTenant(jobDb(), tenant.id, (tx) => erasePerson(tx, ctx, personId, scope, secret));
}

describe('erasing a person (spec 001)', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await createTenant();
  });

  it('anonymises the person and re-points, deletes or anonymises every record of theirs, and nothing of anyone else', async () => {
    const s = await seedSubject(tenant);
    const pseudonym = pseudonymFor(secret, s.personId);
    const counts = await erase(tenant, s.personId);
    const sql = ownerDb();

    const [person] = await sql`select first_name, last_name, birth_date::text, identifier_national, official_email, preferred_email, phone, nationality, deleted_at, anonymized_at from persons where id = ${s.personId}`;
    expect(person).toMatchObject({ first_name: 'ANONYMIZED', last_name: 'ANONYMIZED', birth_date: '1994-01-01', identifier_national: null, official_email: null, preferred_email: null, phone: null, nationality: 'DE' });
    expect(person!.deleted_at).toEqual(now);
    expect(person!.anonymized_at).toEqual(now);

    const [user] = await sql`select email, is_active, idp_subject from users where id = ${s.userId}`;
    // The sign-in identity survives only as a keyed hash, which a later sign-in is refused by.
    expect(user).toEqual({ email: null, is_active: false, idp_subject: erasedSignInMarker(secret, tenant.id, s.subject, 'erasure_request') });
    expect(user!.idp_subject).not.toContain(s.subject);

    const [message] = await sql`select body, author_person_id, author_anonymized, deleted_at from messages where id = ${s.ids.message!}`;
    expect(message).toEqual({ body: '[deleted]', author_person_id: null, author_anonymized: true, deleted_at: now });
    const [comment] = await sql`select body, author_person_id, author_anonymized from activity_comments where id = ${s.ids.comment!}`;
    expect(comment).toEqual({ body: '[deleted]', author_person_id: null, author_anonymized: true });

    for (const [kind, table] of [['activity', 'activities'], ['medical', 'medical_treatments'], ['donation', 'donations'], ['financial', 'financial_transactions'], ['antidoping', 'antidoping_records'], ['incident', 'incident_reports']] as const) {
      const [row] = await sql`select person_id, subject_pseudonym from ${sql(table)} where id = ${s.ids[kind]!}`;
      expect(row, kind).toEqual({ person_id: null, subject_pseudonym: pseudonym });
    }
    const [medical] = await sql`select diagnosis, detailed_notes from medical_treatments where id = ${s.ids.medical!}`;
    expect(medical!.diagnosis).not.toBeNull();
    expect(medical!.detailed_notes).not.toBeNull();

    expect(await sql`select 1 from notifications where id = ${s.ids.notification!}`).toHaveLength(0);
    expect(await sql`select 1 from person_change_requests where id = ${s.ids.changeRequest!}`).toHaveLength(0);
    expect(await sql`select 1 from conversation_participants where person_id = ${s.personId}`).toHaveLength(0);
    expect((await sql`select status, content from data_exports where id = ${s.ids.dataExport!}`)[0]).toEqual({ status: 'expired', content: null });
    const [queued] = await sql`select status, payload from outbox where id = ${s.ids.outbox!}`;
    expect(queued).toEqual({ status: 'FAILED', payload: { erased: true } });

    const audit = await sql`select action, target_id, changes, metadata from audit_log where organisation_id = ${tenant.id} and action in ('PERSON_UPDATED', 'MEDICAL_TREATMENT_CREATED', 'INVITATION_CREATED') order by id`;
    expect(audit.map((a) => [a.action, a.target_id === pseudonym, a.changes])).toEqual([
      ['PERSON_UPDATED', true, { phone: { before: null, after: null } }],
      ['MEDICAL_TREATMENT_CREATED', false, { personId: { before: null, after: pseudonym } }],
      ['INVITATION_CREATED', false, { email: { before: null, after: '[erased]' } }],
    ]);
    const [anonymised] = await sql`select actor_type, target_type, target_id, metadata from audit_log where organisation_id = ${tenant.id} and action = 'anonymize_person'`;
    expect(anonymised).toMatchObject({ actor_type: 'SYSTEM', target_type: 'person', target_id: s.personId });
    expect(counts).toMatchObject({ userAccounts: 1, notifications: 1, messages: 1, activityComments: 1, conversationParticipations: 1, changeRequests: 1, activities: 1, medicalTreatments: 1, donations: 1, financialTransactions: 1, antidopingRecords: 1, incidentReports: 1, queuedEmails: 1, dataExports: 1, auditEntries: 3 });

    // Nothing of the bystander changed.
    expect((await sql`select person_id from activities where id = ${s.bystander.activity!}`)[0]!.person_id).toBe(s.bystander.personId);
    expect((await sql`select author_person_id, body from messages where id = ${s.bystander.message!}`)[0]).toEqual({ author_person_id: s.bystander.personId, body: 'See you at training.' });
    expect((await sql`select person_id from medical_treatments where id = ${s.bystander.medical!}`)[0]!.person_id).toBe(s.bystander.personId);
    expect(await sql`select 1 from conversation_participants where person_id = ${s.bystander.personId}`).toHaveLength(1);
  });

  it('a partial erasure erases only the named fields', async () => {
    const s = await seedSubject(tenant);
    const sql = ownerDb();
    // A mirrored person (spec 002): the registry base keeps the last synced identity values.
    await sql`update persons set registry_id = ${`P-${randomUUID()}`}, sync_status = 'synced', registry_base = ${sql.json({ firstName: 'Zoë', lastName: 'Łukasiewicz', birthDate: '1994-07-21', identifierNational: null, nationality: 'PL', officialEmail: s.email })} where id = ${s.personId}`;
    await erase(tenant, s.personId, { scope: 'partial', fields: ['phone', 'birthDate', 'lastName'] });
    expect((await sql`select registry_base from persons where id = ${s.personId}`)[0]!.registry_base).toEqual({
      firstName: 'Zoë',
      lastName: null,
      birthDate: null,
      identifierNational: null,
      nationality: 'PL',
      officialEmail: s.email,
      phone: null,
    });
    const [person] = await sql`select first_name, last_name, birth_date::text, phone, official_email, anonymized_at from persons where id = ${s.personId}`;
    expect(person).toEqual({ first_name: 'Zoë', last_name: 'ANONYMIZED', birth_date: '1994-01-01', phone: null, official_email: s.email, anonymized_at: null });
    expect((await sql`select body from messages where id = ${s.ids.message!}`)[0]!.body).toBe('Call me on my private number.');
    expect((await sql`select person_id from medical_treatments where id = ${s.ids.medical!}`)[0]!.person_id).toBe(s.personId);
  });

  it('is idempotent, and the same subject always gets the same pseudonym', async () => {
    const s = await seedSubject(tenant);
    await erase(tenant, s.personId);
    const again = await erase(tenant, s.personId);
    expect(again).toMatchObject({ messages: 0, activities: 0, medicalTreatments: 0 });
    const sql = ownerDb();
    const pseudonyms = await sql`select distinct subject_pseudonym from activities where subject_pseudonym = ${pseudonymFor(secret, s.personId)}`;
    expect(pseudonyms).toHaveLength(1);
  });

  it("cannot reach another tenant's person", async () => {
    const other = await createTenant();
    const foreign = await createPerson(other.id);
    await expect(erase(tenant, foreign)).rejects.toMatchObject({ code: 'PERSON_NOT_FOUND' });
    const [person] = await ownerDb()`select anonymized_at, first_name from persons where id = ${foreign}`;
    expect(person).toEqual({ anonymized_at: null, first_name: 'Test' });
  });

  it('the audit log stays append-only for the app role outside the anonymisation', async () => {
    const sql = ownerDb();
    const [entry] = await sql`select id from audit_log where organisation_id = ${tenant.id} limit 1`;
    await expect(
      withTenant(jobDb(), tenant.id, (tx) => tx.execute(`update audit_log set target_id = 'x' where id = ${entry!.id}` as never)),
    ).rejects.toThrow();
  });
});
