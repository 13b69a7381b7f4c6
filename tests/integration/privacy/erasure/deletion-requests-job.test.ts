import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectLedgerPostgres, type LedgerConnection } from '@/db/ledger/connect-ledger';
import { deliverOutbox } from '@/lib/transport/jobs/deliver-outbox';
import { DATA_DELETION_LEASE_MS, processDataDeletions } from '@/lib/privacy/jobs/process-data-deletions';
import { createResendContactRemover } from '@/lib/platform/notifications/contact-removal';
import { createDevMailboxMailer, createMailer } from '@/lib/platform/notifications/mailer';
import { ledgerEntriesFor, type LedgerDatabase, recordInLedger } from '@/lib/privacy/erasure/deletion-ledger';
import { ledgerSubjectKey, pseudonymFor } from '@/lib/privacy/erasure/pseudonym';
import { call } from '../../../support/api';
import { createMedicalTreatment, createMessage, createTenant, createUser, ownerDb, type TestTenant, type TestUser } from '../../../support/factories';
import { jobDb, testClock } from '../../../support/job-db';
import { type MailSink, startMailSink } from '../../../support/mail-sink';

let tenant: TestTenant;
let ledger: LedgerConnection;
let sink: MailSink;
let adminToken: string;
const secret = inject('pseudonymSecret');

beforeAll(async () => {
  [tenant, ledger, sink] = await Promise.all([createTenant(), connectLedgerPostgres(inject('ledgerDatabaseUrl')), startMailSink()]);
  adminToken = await tenant.admin.token();
});
afterAll(async () => {
  await Promise.all([ledger.close(), sink.stop()]);
});

const runJob = (over: { ledger?: LedgerDatabase; now?: () => Date } = {}) =>
  processDataDeletions({ db: jobDb(), now: over.now ?? (() => new Date()), runId: `test-${randomUUID()}`, privacy: async () => ({ ledger: over.ledger ?? ledger.db, secret }) });

// A ledger that cannot be written: the database is down, or the disk full.
const brokenLedger = () =>
  new Proxy(ledger.db, {
    get(target, property) {
      if (property === 'insert') return () => ({ values: () => ({ onConflictDoNothing: () => Promise.reject(new Error('connect ECONNREFUSED ledger:5432')) }) });
      return Reflect.get(target, property, target);
    },
  });

const stored = async (id: string) => (await ownerDb()`select status, attempts, last_error, started_at, completed_at from data_deletion_requests where id = ${id}`)[0]!;
const personOf = async (user: TestUser) => (await ownerDb()`select person_id from users where id = ${user.id}`)[0]!.person_id as string;

/** A subject with a message and a medical record, whose full erasure request an admin has verified. */
async function verifiedSubject(name: string) {
  const subject = await createUser(tenant.id, 'EMPLOYEE');
  const personId = await personOf(subject);
  const preferred = `${name.toLowerCase()}-${randomUUID().slice(0, 8)}@private.test`;
  await ownerDb()`update persons set first_name = ${name}, last_name = 'Subject', preferred_email = ${preferred}, phone = '+44 20 7946 0001' where id = ${personId}`;
  const messageId = await createMessage(tenant.id, { author_person_id: personId, body: 'My private number is 0207 946 0001.' });
  const medicalId = await createMedicalTreatment(tenant.id, { person_id: personId });
  const filed = await call('POST', '/api/v1/data-delete-request', { tenant: tenant.slug, token: await subject.token(), json: { scope: 'full' } });
  expect(filed.status).toBe(201);
  const verified = await call('POST', `/api/v1/data-delete-request/${filed.body.id}/verify`, { tenant: tenant.slug, token: adminToken, json: { method: 'phone' } });
  expect(verified.status).toBe(200);
  return { subject, personId, preferred, official: `${subject.subject}@example.test`, messageId, medicalId, requestId: filed.body.id as string };
}

/** Delivers just these outbox rows: made due in 1901, where no other test's mail waits. */
async function deliver(keys: string[]) {
  const clock = testClock('1901-01-01T00:00:00Z');
  await ownerDb()`update outbox set next_attempt_at = ${clock.now()} where organisation_id = ${tenant.id} and idempotency_key in ${ownerDb()(keys)} and status = 'PENDING'`;
  const mailer = createMailer({ RESEND_API_KEY: sink.apiKey, RESEND_BASE_URL: sink.url });
  const contactRemover = createResendContactRemover(sink.apiKey, { baseUrl: sink.url, audienceId: 'aud_members' });
  return deliverOutbox({ db: jobDb(), mailer, contactRemover, now: clock.now, emailFrom: 'Quartermaster <no-reply@quartermaster.test>', appBaseUrl: 'https://quartermaster.test' });
}

describe('the process-data-deletions job (spec 001)', () => {
  it('writes nothing and erases nothing when the ledger cannot be written: the request stays verified with the error', async () => {
    const s = await verifiedSubject('Ledgerless');
    const result = await runJob({ ledger: brokenLedger() });
    expect(result.failed).toBeGreaterThanOrEqual(1);
    expect(await stored(s.requestId)).toMatchObject({ status: 'verified', attempts: 1, completed_at: null });
    expect((await stored(s.requestId)).last_error).toContain('ECONNREFUSED');
    expect((await ownerDb()`select first_name, anonymized_at from persons where id = ${s.personId}`)[0]).toEqual({ first_name: 'Ledgerless', anonymized_at: null });
    expect((await ownerDb()`select body from messages where id = ${s.messageId}`)[0]!.body).toBe('My private number is 0207 946 0001.');
    expect(await ledgerEntriesFor(ledger.db, tenant.id, ledgerSubjectKey(secret, tenant.id, s.personId))).toHaveLength(0);
    expect(await ownerDb()`select 1 from outbox where idempotency_key like ${`data-deletion-%:${s.requestId}%`}`).toHaveLength(0);

    // The ledger is back: the next sweep carries it out.
    await runJob();
    expect(await stored(s.requestId)).toMatchObject({ status: 'completed', attempts: 2, last_error: null });
  });

  it('lists the subject in the ledger, erases, confirms by e-mail, removes the addresses at the provider, then purges them from the outbox', async () => {
    const s = await verifiedSubject('Zofia');
    const before = new Date();
    await runJob();
    const row = await stored(s.requestId);
    expect(row).toMatchObject({ status: 'completed', attempts: 1, last_error: null });
    expect(row.started_at.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(row.completed_at.getTime()).toBeGreaterThanOrEqual(row.started_at.getTime());

    const [entry] = await ledgerEntriesFor(ledger.db, tenant.id, ledgerSubjectKey(secret, tenant.id, s.personId));
    expect(entry).toMatchObject({ entryKey: `erasure-request:${s.requestId}`, reason: 'erasure_request', scope: 'full', fields: [] });
    expect(entry!.recordedAt.getTime()).toBeLessThanOrEqual(row.completed_at.getTime());
    expect(JSON.stringify(entry)).not.toContain(s.personId);

    expect((await ownerDb()`select first_name, last_name, preferred_email, official_email, phone, anonymized_at from persons where id = ${s.personId}`)[0]).toMatchObject({
      first_name: 'ANONYMIZED',
      last_name: 'ANONYMIZED',
      preferred_email: null,
      official_email: null,
      phone: null,
    });
    expect((await ownerDb()`select body from messages where id = ${s.messageId}`)[0]!.body).toBe('[deleted]');
    expect((await ownerDb()`select person_id, subject_pseudonym from medical_treatments where id = ${s.medicalId}`)[0]).toEqual({ person_id: null, subject_pseudonym: pseudonymFor(secret, s.personId) });
    const audit = await ownerDb()`select action, actor_type, metadata from audit_log where target_type = 'DATA_DELETION_REQUEST' and target_id = ${s.requestId} order by id`;
    expect(audit.map((a) => a.action)).toEqual(['DATA_DELETION_REQUESTED', 'DATA_DELETION_VERIFIED', 'DATA_DELETION_COMPLETED']);
    expect(audit[2]).toMatchObject({ actor_type: 'SYSTEM', metadata: { scope: 'full', confirmation: 'queued', providerRemovals: 2 } });

    const confirmationKey = `data-deletion-completed:${s.requestId}`;
    const outboxRows = await ownerDb()`select idempotency_key, kind, status, payload from outbox where organisation_id = ${tenant.id} and idempotency_key like ${`data-deletion-%${s.requestId}%`} order by idempotency_key`;
    expect(outboxRows.map((r) => [r.kind, r.status])).toEqual([
      ['EMAIL', 'PENDING'],
      ['EMAIL_CONTACT_REMOVAL', 'PENDING'],
      ['EMAIL_CONTACT_REMOVAL', 'PENDING'],
    ]);
    // The confirmation goes to the address captured before the erasure, and the erasure's cancelling spared it.
    expect(outboxRows[0]!.payload).toMatchObject({ template: 'data-deletion-completed', to: s.preferred, data: { name: 'Zofia Subject', scope: 'full' } });

    const delivered = await deliver(outboxRows.map((r) => r.idempotency_key as string));
    expect(delivered).toMatchObject({ sent: 3, failed: 0 });
    const mail = sink.messages().filter((m) => m.to === s.preferred);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Your personal data has been erased');
    expect(mail[0]!.text).toContain('Zofia Subject');
    expect(mail[0]!.text).toContain('anonymised');
    expect(sink.contactRemovals().filter((r) => [s.preferred, s.official].includes(r.email))).toEqual(
      expect.arrayContaining([
        { email: s.preferred, audienceId: 'aud_members' },
        { email: s.official, audienceId: 'aud_members' },
      ]),
    );

    const after = await ownerDb()`select kind, status, delivered_via, payload from outbox where organisation_id = ${tenant.id} and idempotency_key like ${`data-deletion-%${s.requestId}%`} order by idempotency_key`;
    expect(after.map((r) => [r.status, r.delivered_via])).toEqual([
      ['SENT', 'resend'],
      ['SENT', 'resend'],
      ['SENT', 'resend'],
    ]);
    expect(after[0]!.payload).toEqual({ purged: true, template: 'data-deletion-completed' });
    expect(after[1]!.payload).toEqual({ purged: true, kind: 'EMAIL_CONTACT_REMOVAL', outcome: 'removed' });
    const everything = JSON.stringify(await ownerDb()`select payload from outbox where organisation_id = ${tenant.id}`);
    expect(everything).not.toContain(s.preferred);
    expect(everything).not.toContain(s.official);
    expect(everything).not.toContain('Zofia');

    // A completed request is not taken up again: no second confirmation.
    await runJob();
    expect(await ownerDb()`select 1 from outbox where idempotency_key = ${confirmationKey}`).toHaveLength(1);
    expect((await stored(s.requestId)).attempts).toBe(1);
  });

  it('a partial request erases only its fields, keeps the account, confirms, and asks the provider to remove nothing', async () => {
    const subject = await createUser(tenant.id, 'EMPLOYEE');
    const personId = await personOf(subject);
    await ownerDb()`update persons set first_name = 'Pia', last_name = 'Partial', phone = '+49 30 555 0101', birth_date = '1990-06-15' where id = ${personId}`;
    const filed = await call('POST', '/api/v1/data-delete-request', { tenant: tenant.slug, token: await subject.token(), json: { scope: 'partial', partialFields: ['phone', 'birthDate'] } });
    expect(filed.status).toBe(201);
    expect((await call('POST', `/api/v1/data-delete-request/${filed.body.id}/verify`, { tenant: tenant.slug, token: adminToken, json: { method: 'in_person' } })).status).toBe(200);
    await runJob();
    expect(await stored(filed.body.id)).toMatchObject({ status: 'completed' });
    expect((await ownerDb()`select first_name, phone, birth_date::text, anonymized_at from persons where id = ${personId}`)[0]).toEqual({ first_name: 'Pia', phone: null, birth_date: '1990-01-01', anonymized_at: null });
    expect((await ownerDb()`select is_active, email from users where id = ${subject.id}`)[0]).toEqual({ is_active: true, email: `${subject.subject}@example.test` });
    const [entry] = await ledgerEntriesFor(ledger.db, tenant.id, ledgerSubjectKey(secret, tenant.id, personId));
    expect(entry).toMatchObject({ scope: 'partial', fields: ['phone', 'birthDate'] });
    const rows = await ownerDb()`select kind, payload from outbox where organisation_id = ${tenant.id} and idempotency_key like ${`data-deletion-%${filed.body.id}%`}`;
    expect(rows).toEqual([{ kind: 'EMAIL', payload: expect.objectContaining({ template: 'data-deletion-completed', to: `${subject.subject}@example.test`, data: expect.objectContaining({ scope: 'partial', fields: ['phone', 'birthDate'] }) }) }]);
  });

  it('records a contact removal as skipped, not done, when no e-mail provider is configured, and keeps no address', async () => {
    const email = `nobody-${randomUUID().slice(0, 8)}@private.test`;
    const key = `test-contact-removal:${randomUUID()}`;
    await ownerDb()`insert into outbox (organisation_id, kind, idempotency_key, payload) values (${tenant.id}, 'EMAIL_CONTACT_REMOVAL', ${key}, ${ownerDb().json({ email })})`;
    const clock = testClock('1901-01-01T00:00:00Z');
    await ownerDb()`update outbox set next_attempt_at = ${clock.now()} where idempotency_key = ${key}`;
    const removalsBefore = sink.contactRemovals().length;
    await deliverOutbox({ db: jobDb(), mailer: createDevMailboxMailer(), now: clock.now, emailFrom: 'Quartermaster <no-reply@quartermaster.test>' });
    expect((await ownerDb()`select status, delivered_via, payload from outbox where idempotency_key = ${key}`)[0]).toEqual({
      status: 'SENT',
      delivered_via: 'skipped',
      payload: { purged: true, kind: 'EMAIL_CONTACT_REMOVAL', outcome: 'skipped' },
    });
    expect(sink.contactRemovals()).toHaveLength(removalsBefore);
  });

  it('takes up a request whose runner died mid-way, once, without a second ledger entry or confirmation', async () => {
    const s = await verifiedSubject('Orphan');
    // The runner claimed it and wrote the ledger entry, then died before the erasure committed.
    await runJob({ ledger: brokenLedger() });
    await recordInLedger(ledger.db, { entryKey: `erasure-request:${s.requestId}`, organisationId: tenant.id, subjectKey: ledgerSubjectKey(secret, tenant.id, s.personId), reason: 'erasure_request', scope: 'full', fields: [], effectiveAt: new Date() });
    await ownerDb()`update data_deletion_requests set status = 'in_progress', started_at = now() - interval '20 minutes', updated_at = now() - interval '20 minutes' where id = ${s.requestId}`;
    const clockNow = Date.now();

    // Inside the lease nobody touches it.
    await runJob({ now: () => new Date(clockNow - DATA_DELETION_LEASE_MS - 10 * 60_000) });
    expect((await stored(s.requestId)).status).toBe('in_progress');

    await Promise.all([runJob(), runJob()]);
    expect(await stored(s.requestId)).toMatchObject({ status: 'completed', attempts: 2 });
    expect(await ledgerEntriesFor(ledger.db, tenant.id, ledgerSubjectKey(secret, tenant.id, s.personId))).toHaveLength(1);
    expect(await ownerDb()`select 1 from outbox where idempotency_key = ${`data-deletion-completed:${s.requestId}`}`).toHaveLength(1);
    expect(await ownerDb()`select 1 from audit_log where target_id = ${s.requestId} and action = 'DATA_DELETION_COMPLETED'`).toHaveLength(1);
  });
});
