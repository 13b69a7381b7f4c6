import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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
  createTenant,
  opaqueBytes,
  ownerDb,
  type TestTenant,
} from '../../support/factories';

// Spec 001's record tables, each tenant-scoped twice: RLS (migration people_records_security) and composite keys.
const tables = [
  'person_change_requests',
  'activities',
  'activity_comments',
  'conversations',
  'conversation_participants',
  'messages',
  'medical_treatments',
  'donations',
  'financial_transactions',
  'antidoping_records',
  'incident_reports',
] as const;
type Table = (typeof tables)[number];

type Fixture = { tenant: TestTenant; person: string; newcomer: string; activity: string; conversation: string };

let a: Fixture;
let b: Fixture;
let appSql: postgres.Sql;

/** One row of every kind, all about one person, as the app would write them. */
async function populate(tenant: TestTenant): Promise<Fixture> {
  const org = tenant.id;
  const [person, newcomer] = await Promise.all([createPerson(org), createPerson(org)]);
  const [activity, conversation] = await Promise.all([createActivity(org, { person_id: person, recorded_by_user_id: tenant.manager.id }), createConversation(org)]);
  await Promise.all([
    createActivityComment(org, { activity_id: activity, author_person_id: person }),
    addConversationParticipant(org, { conversation_id: conversation, person_id: person }),
    createMessage(org, { conversation_id: conversation, author_person_id: person }),
    createMedicalTreatment(org, { person_id: person, treated_by_user_id: tenant.employee.id }),
    createDonation(org, { person_id: person }),
    createFinancialTransaction(org, { person_id: person }),
    createAntidopingRecord(org, { person_id: person }),
    createIncidentReport(org, { person_id: person, reported_by_user_id: tenant.manager.id }),
    createPersonChangeRequest(org, { person_id: person, requested_by_user_id: tenant.employee.id }),
  ]);
  return { tenant, person, newcomer, activity, conversation };
}

/** A valid new row of `table` for fixture f's tenant: only the tenant check can refuse it. */
function rowFor(table: Table, f: Fixture, sql: Pick<postgres.TransactionSql, 'json'>): Record<string, postgres.ParameterOrJSON<never>> {
  const base = { organisation_id: f.tenant.id };
  const subject = { ...base, person_id: f.person };
  const now = new Date();
  switch (table) {
    case 'person_change_requests':
      return { ...subject, fields: sql.json({ phone: { from: null, to: '+49 30 1234' } }) };
    case 'activities':
      return { ...subject, type: 'fan_interaction', title: 'Stadium tour', occurred_at: now };
    case 'activity_comments':
      return { ...base, activity_id: f.activity, author_person_id: f.person, body: 'Planted' };
    case 'conversations':
      return { ...base, kind: 'health', title: 'Planted' };
    case 'conversation_participants':
      return { ...base, conversation_id: f.conversation, person_id: f.newcomer };
    case 'messages':
      return { ...base, conversation_id: f.conversation, author_person_id: f.person, body: 'Planted' };
    case 'medical_treatments':
      return { ...subject, diagnosis: opaqueBytes(), started_at: now };
    case 'donations':
      return { ...subject, amount: '10.00', donated_at: now };
    case 'financial_transactions':
      return { ...subject, kind: 'purchase', amount: '5.00', occurred_at: now };
    case 'antidoping_records':
      return { ...subject, tested_at: now, kind: 'in_competition', authority: 'NADA Germany' };
    case 'incident_reports':
      return { ...subject, occurred_at: now, severity: 'low', description: 'Planted' };
  }
}

/** The app's request transaction: RLS-bound role, tenant set locally (lib/platform/tenancy/with-tenant.ts). */
function asApp<T>(organisationId: string | null, statement: (tx: postgres.TransactionSql) => Promise<T>): Promise<T> {
  return appSql.begin(async (tx) => {
    await tx`select set_config('role', 'quartermaster_app', true)`;
    if (organisationId) await tx`select set_config('app.organisation_id', ${organisationId}, true)`;
    return statement(tx);
  }) as Promise<T>;
}

const ownerCount = async (table: string, organisationId: string) =>
  (await ownerDb()`select count(*)::int as n from ${ownerDb()(table)} where organisation_id = ${organisationId}`)[0]!.n as number;

async function failure(promise: Promise<unknown>): Promise<postgres.PostgresError | null> {
  return promise.then(
    () => null,
    (e: unknown) => e as postgres.PostgresError,
  );
}

beforeAll(async () => {
  const [ta, tb] = await Promise.all([createTenant(), createTenant()]);
  [a, b] = await Promise.all([populate(ta!), populate(tb!)]);
  appSql = postgres(inject('appDatabaseUrl'), { max: 1, onnotice: () => {} });
});

afterAll(async () => {
  await appSql.end({ timeout: 5 });
});

describe('row-level security on persons’ records', () => {
  it.each(tables)('%s: the app role in tenant A sees exactly A’s rows', async (table) => {
    const rows = await asApp(a.tenant.id, (tx) => tx`select organisation_id from ${tx(table)}`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBe(await ownerCount(table, a.tenant.id));
    expect(new Set(rows.map((r) => r.organisation_id))).toEqual(new Set([a.tenant.id]));
  });

  it.each(tables)('%s: no rows at all when no tenant is set', async (table) => {
    expect(await asApp(null, (tx) => tx`select * from ${tx(table)}`)).toHaveLength(0);
  });

  it.each(tables)('%s: the app role in tenant A cannot insert a row for tenant B', async (table) => {
    const before = await ownerCount(table, b.tenant.id);
    const error = await failure(asApp(a.tenant.id, (tx) => tx`insert into ${tx(table)} ${tx(rowFor(table, b, tx))}`));
    expect(error?.code).toBe('42501');
    expect(error?.message).toMatch(/row-level security/);
    expect(await ownerCount(table, b.tenant.id)).toBe(before);
  });

  it.each(tables)('%s: UPDATE and DELETE of tenant B’s rows touch nothing', async (table) => {
    const before = await ownerCount(table, b.tenant.id);
    const counts = await asApp(a.tenant.id, async (tx) => [
      (await tx`update ${tx(table)} set organisation_id = organisation_id where organisation_id = ${b.tenant.id}`).count,
      (await tx`delete from ${tx(table)} where organisation_id = ${b.tenant.id}`).count,
    ]);
    expect(counts).toEqual([0, 0]);
    expect(await ownerCount(table, b.tenant.id)).toBe(before);
  });

  it.each(tables)('%s: the app role writes its own tenant’s rows', async (table) => {
    const before = await ownerCount(table, a.tenant.id);
    await asApp(a.tenant.id, (tx) => tx`insert into ${tx(table)} ${tx(rowFor(table, a, tx))}`);
    expect(await ownerCount(table, a.tenant.id)).toBe(before + 1);
  });

  it('the app role reads and changes its tenant’s person fields of spec 001', async () => {
    const [row] = await asApp(a.tenant.id, (tx) => tx`update persons set processing_restricted = true, preferences = preferences || '{"marketingOptOut": true}'::jsonb
      where id = ${a.person} returning processing_restricted, preferences, language, identifier_national`);
    expect(row).toMatchObject({ processing_restricted: true, language: 'de', preferences: { marketingOptOut: true, channels: { email: true } } });
    expect(Buffer.isBuffer(row!.identifier_national)).toBe(true);
    expect(await asApp(a.tenant.id, (tx) => tx`update persons set processing_restricted = true where id = ${b.person}`.then((r) => r.count))).toBe(0);
  });
});

describe('composite foreign keys keep references inside the tenant', () => {
  // Run as the owner, past RLS: the keys alone must refuse a row of tenant A that points at tenant B.
  const crossTenant: [string, () => Promise<unknown>][] = [
    ['activities_person_fk', () => createActivity(a.tenant.id, { person_id: b.person })],
    ['activities_parent_fk', () => createActivity(a.tenant.id, { person_id: a.person, type: 'match_evaluation', parent_activity_id: b.activity })],
    ['activities_recorder_fk', () => createActivity(a.tenant.id, { person_id: a.person, recorded_by_user_id: b.tenant.manager.id })],
    ['activity_comments_activity_fk', () => createActivityComment(a.tenant.id, { activity_id: b.activity, author_person_id: a.person })],
    ['activity_comments_author_fk', () => createActivityComment(a.tenant.id, { activity_id: a.activity, author_person_id: b.person })],
    ['conversation_participants_conversation_fk', () => addConversationParticipant(a.tenant.id, { conversation_id: b.conversation, person_id: a.newcomer })],
    ['conversation_participants_person_fk', () => addConversationParticipant(a.tenant.id, { conversation_id: a.conversation, person_id: b.person })],
    ['messages_conversation_fk', () => createMessage(a.tenant.id, { conversation_id: b.conversation, author_person_id: a.person })],
    ['messages_author_fk', () => createMessage(a.tenant.id, { conversation_id: a.conversation, author_person_id: b.person })],
    ['medical_treatments_person_fk', () => createMedicalTreatment(a.tenant.id, { person_id: b.person })],
    ['medical_treatments_treated_by_fk', () => createMedicalTreatment(a.tenant.id, { person_id: a.person, treated_by_user_id: b.tenant.employee.id })],
    ['donations_person_fk', () => createDonation(a.tenant.id, { person_id: b.person })],
    ['financial_transactions_person_fk', () => createFinancialTransaction(a.tenant.id, { person_id: b.person })],
    ['antidoping_records_person_fk', () => createAntidopingRecord(a.tenant.id, { person_id: b.person })],
    ['incident_reports_person_fk', () => createIncidentReport(a.tenant.id, { person_id: b.person })],
    ['incident_reports_reporter_fk', () => createIncidentReport(a.tenant.id, { person_id: a.person, reported_by_user_id: b.tenant.manager.id })],
    ['person_change_requests_person_fk', () => createPersonChangeRequest(a.tenant.id, { person_id: b.person })],
    ['person_change_requests_requester_fk', () => createPersonChangeRequest(a.tenant.id, { person_id: a.person, requested_by_user_id: b.tenant.employee.id })],
  ];

  it.each(crossTenant)('%s refuses a reference to tenant B', async (constraint, insert) => {
    const error = await failure(insert());
    expect(error?.code).toBe('23503');
    expect(error?.constraint_name).toBe(constraint);
  });

  it('every foreign key of these tables to a tenant-owned row leads with organisation_id', async () => {
    const keys = await ownerDb()`select c.conname, c.conrelid::regclass::text as table, (select array_agg(a.attname::text order by k.n) from unnest(c.conkey) with ordinality k(attnum, n)
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum) as columns
      from pg_constraint c where c.contype = 'f' and c.conrelid::regclass::text = any(${tables as unknown as string[]})
        and c.confrelid <> 'organisations'::regclass`;
    expect(keys.length).toBeGreaterThanOrEqual(crossTenant.length);
    for (const key of keys) expect({ key: key.conname, first: key.columns[0] }).toEqual({ key: key.conname, first: 'organisation_id' });
  });
});
