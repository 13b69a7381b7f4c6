import { randomUUID } from 'node:crypto';
import type postgres from 'postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import {
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
  createTenant,
  ownerDb,
  type TestTenant,
} from '../../support/factories';

let tenant: TestTenant;
let org: string;
let person: string;
const pseudonym = `anonymized_${'ab12'.repeat(16)}`;
const hourAgo = () => new Date(Date.now() - 3_600_000);
const dayAgo = () => new Date(Date.now() - 86_400_000);
/** A value the schema's types rule out, written anyway: the database must refuse it too. */
const untyped = <T>(value: unknown): T => value as T;

async function failure(promise: Promise<unknown>): Promise<postgres.PostgresError | null> {
  return promise.then(
    () => null,
    (e: unknown) => e as postgres.PostgresError,
  );
}

beforeAll(async () => {
  tenant = await createTenant();
  org = tenant.id;
  person = await createPerson(org);
});

describe('check constraints refuse rows the specification rules out', () => {
  const refused: [string, () => Promise<unknown>][] = [
    ['activities_subject_check', () => createActivity(org, { person_id: null })],
    ['activities_subject_check', () => createActivity(org, { person_id: person, subject_pseudonym: pseudonym })],
    ['activities_subject_pseudonym_check', () => createActivity(org, { person_id: null, subject_pseudonym: 'Lena Hoffmann' })],
    ['activities_ended_check', () => createActivity(org, { person_id: person, occurred_at: hourAgo(), ended_at: dayAgo() })],
    ['activities_details_check', () => createActivity(org, { person_id: person, details: untyped(['not', 'an', 'object']) })],
    ['activities_parent_check', () => {
      const id = randomUUID();
      return createActivity(org, { id, person_id: person, parent_activity_id: id });
    }],
    ['activity_comments_author_check', () => createActivityComment(org, { author_person_id: person, author_anonymized: true })],
    ['activity_comments_author_check', () => createActivityComment(org, { author_person_id: null, author_anonymized: false })],
    ['conversations_retention_days_check', () => createConversation(org, { retention_days: 0 })],
    ['conversations_retention_extension_check', () => createConversation(org, { kind: 'general', retention_extended_until: new Date() })],
    ['messages_author_check', () => createMessage(org, { author_person_id: null, author_anonymized: false })],
    ['messages_deleted_check', () => createMessage(org, { author_person_id: person, created_at: hourAgo(), deleted_at: dayAgo() })],
    ['medical_treatments_subject_check', () => createMedicalTreatment(org, { person_id: null })],
    ['medical_treatments_ended_check', () => createMedicalTreatment(org, { person_id: person, started_at: hourAgo(), treatment_ended_at: dayAgo() })],
    ['donations_amount_check', () => createDonation(org, { person_id: person, amount: '0.00' })],
    ['donations_amount_check', () => createDonation(org, { person_id: person, amount: '-5.00' })],
    ['donations_currency_check', () => createDonation(org, { person_id: person, currency: 'eur' })],
    ['donations_subject_check', () => createDonation(org, { person_id: null })],
    ['financial_transactions_amount_check', () => createFinancialTransaction(org, { person_id: person, kind: 'refund', amount: '-45.00' })],
    ['financial_transactions_currency_check', () => createFinancialTransaction(org, { person_id: person, currency: 'EURO' })],
    ['antidoping_records_subject_check', () => createAntidopingRecord(org, { person_id: null })],
    ['incident_reports_subject_pseudonym_check', () => createIncidentReport(org, { person_id: null, subject_pseudonym: 'anonymized_XYZ' })],
    ['incident_reports_description_check', () => createIncidentReport(org, { person_id: person, description: '   ' })],
    ['persons_nationality_check', () => createPerson(org, { nationality: 'DEU' })],
    ['persons_language_check', () => createPerson(org, { language: 'English' })],
    ['persons_anonymized_check', () => createPerson(org, { anonymized_at: new Date() })],
    ['persons_anonymized_check', () => createPerson(org, { deleted_at: new Date(), anonymized_at: dayAgo() })],
    ['persons_preferences_check', () => createPerson(org, { preferences: untyped(['email']) })],
    ['person_change_requests_fields_check', () => createPersonChangeRequest(org, { person_id: person, fields: {} })],
    ['person_change_requests_decided_check', () => createPersonChangeRequest(org, { person_id: person, status: 'accepted' })],
    ['person_change_requests_decided_check', () => createPersonChangeRequest(org, { person_id: person, status: 'pending', decided_at: new Date() })],
    ['organisations_default_retention_days_check', () => ownerDb()`update organisations set default_retention_days = 0 where id = ${org}`],
  ];

  it.each(refused)('%s', async (constraint, insert) => {
    const error = await failure(insert());
    expect(error?.code).toBe('23514');
    expect(error?.constraint_name).toBe(constraint);
  });

  it('closed sets are enums: an unknown activity type, conversation kind or role is refused', async () => {
    for (const attempt of [
      () => createActivity(org, { person_id: person, type: untyped('party') }),
      () => createConversation(org, { kind: untyped('gossip') }),
      () => createPerson(org, { primary_role: untyped('mascot') }),
      () => createFinancialTransaction(org, { person_id: person, kind: untyped('bribe') }),
    ]) {
      expect((await failure(attempt()))?.code).toBe('22P02');
    }
  });
});

describe('rows the specification allows', () => {
  it('a record re-pointed to a pseudonym keeps everything but the person', async () => {
    const activity = await createActivity(org, { person_id: person, occurred_at: hourAgo(), ended_at: hourAgo() });
    await ownerDb()`update activities set person_id = null, subject_pseudonym = ${pseudonym} where id = ${activity}`;
    const [row] = await ownerDb()`select person_id, subject_pseudonym, title from activities where id = ${activity}`;
    expect(row).toEqual({ person_id: null, subject_pseudonym: pseudonym, title: 'Squad training' });
    for (const create of [createMedicalTreatment, createDonation, createFinancialTransaction, createAntidopingRecord, createIncidentReport]) {
      expect(await create(org, { subject_pseudonym: pseudonym })).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('an anonymised comment and message have no author', async () => {
    const comment = await createActivityComment(org, { author_person_id: null, body: '[deleted]' });
    const message = await createMessage(org, { author_person_id: null, body: '[deleted]' });
    expect(await ownerDb()`select author_anonymized from activity_comments where id = ${comment}`).toEqual([{ author_anonymized: true }]);
    expect(await ownerDb()`select author_anonymized from messages where id = ${message}`).toEqual([{ author_anonymized: true }]);
  });

  it('a mentoring or health conversation may be kept longer by hand', async () => {
    for (const kind of ['mentoring', 'health'] as const) {
      const id = await createConversation(org, { kind, retention_days: 730, retention_extended_until: new Date(Date.now() + 90 * 86_400_000) });
      expect(await ownerDb()`select kind, retention_days from conversations where id = ${id}`).toEqual([{ kind, retention_days: 730 }]);
    }
  });

  it('new persons and organisations get spec 001’s defaults', async () => {
    const [row] = await ownerDb()`insert into persons (organisation_id, first_name, last_name) values (${org}, 'Plain', 'Person')
      returning language, primary_role, preferences, processing_restricted, identifier_national, deleted_at, anonymized_at`;
    expect(row).toEqual({
      language: 'en',
      primary_role: null,
      preferences: { channels: { email: true, push: true, sms: false, inApp: true }, marketingOptOut: false },
      processing_restricted: false,
      identifier_national: null,
      deleted_at: null,
      anonymized_at: null,
    });
    const [organisation] = await ownerDb()`select default_retention_days from organisations where id = ${org}`;
    expect(organisation).toEqual({ default_retention_days: 365 });
  });
});
