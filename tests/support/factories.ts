import { randomBytes, randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { inject } from 'vitest';
import type { Role } from '@/lib/platform/auth/roles';
import { getUserAccessToken, registerAccount } from './idp-client';
import { testAudience } from './test-env';

let ownerSql: postgres.Sql | undefined;

/** Owner connection for arranging data and reading stored state; the app itself never connects like this. */
export function ownerDb(): postgres.Sql {
  ownerSql ??= postgres(inject('ownerDatabaseUrl'), { max: 2, onnotice: () => {} });
  return ownerSql;
}

export type TestUser = { id: string; subject: string; role: Role; token: () => Promise<string> };
export type TestTenant = {
  id: string;
  slug: string;
  admin: TestUser;
  manager: TestUser;
  employee: TestUser;
  categoryId: string;
  locationId: string;
};

export async function tokenFor(subject: string): Promise<string> {
  return getUserAccessToken(inject('oidcIssuer'), subject, { audience: testAudience });
}

/** An identity the IdP knows but the app has never seen (for just-in-time provisioning). */
export async function registerIdentity(organisationId: string, role: Role = 'EMPLOYEE', subject = `user-${randomUUID()}`) {
  await registerAccount(inject('oidcIssuer'), {
    accountId: subject,
    organisationId,
    role,
    email: `${subject}@example.test`,
    givenName: 'Test',
    familyName: subject.slice(0, 20),
  });
  return { subject, token: () => tokenFor(subject) };
}

export async function createUser(organisationId: string, role: Role): Promise<TestUser> {
  const identity = await registerIdentity(organisationId, role);
  const sql = ownerDb();
  const [person] = await sql`insert into persons (organisation_id, first_name, last_name, official_email)
    values (${organisationId}, 'Test', ${role}, ${`${identity.subject}@example.test`}) returning id`;
  const [user] = await sql`insert into users (organisation_id, person_id, idp_subject, email, role)
    values (${organisationId}, ${person!.id}, ${identity.subject}, ${`${identity.subject}@example.test`}, ${role}) returning id`;
  return { id: user!.id, subject: identity.subject, role, token: identity.token };
}

export type TenantOptions = { planTier?: 'FREE' | 'PRO_SMALL' | 'PRO_STANDARD' | 'PRO_PLUS' | 'ENTERPRISE'; customRateLimits?: { perMinute: number; perDay: number } };

/** A fresh tenant with one user per role, a category with custom fields and a location. */
export async function createTenant(options: TenantOptions = {}): Promise<TestTenant> {
  const sql = ownerDb();
  const slug = `t-${randomBytes(5).toString('hex')}`;
  const [org] = await sql`insert into organisations (slug, name, plan_tier, custom_rate_limits)
    values (${slug}, ${`Tenant ${slug}`}, ${options.planTier ?? 'ENTERPRISE'}, ${options.customRateLimits ? sql.json(options.customRateLimits) : sql.json({ perMinute: 100000, perDay: 10000000 })}) returning id`;
  const id = org!.id as string;
  const [admin, manager, employee] = await Promise.all([createUser(id, 'ADMIN'), createUser(id, 'ASSET_MANAGER'), createUser(id, 'EMPLOYEE')]);
  const fields = [
    { key: 'ramGb', label: 'RAM (GB)', type: 'number', required: true },
    { key: 'os', label: 'Operating system', type: 'select', options: ['Windows', 'macOS', 'Linux'] },
  ];
  const [category] = await sql`insert into categories (organisation_id, name, custom_fields) values (${id}, 'Laptops', ${sql.json(fields)}) returning id`;
  const [location] = await sql`insert into locations (organisation_id, name) values (${id}, 'Head office') returning id`;
  return { id, slug, admin: admin!, manager: manager!, employee: employee!, categoryId: category!.id, locationId: location!.id };
}

export type AssetSeed = { name?: string; status?: string; inventoryNumber?: string; serialNumber?: string; manufacturer?: string; model?: string; ownerId?: string | null };

/** Inserts assets directly (fast arrangement); API tests create through the API instead. */
export async function insertAssets(tenant: TestTenant, seeds: AssetSeed[]): Promise<string[]> {
  const sql = ownerDb();
  const rows = seeds.map((s, i) => ({
    organisation_id: tenant.id,
    name: s.name ?? `Asset ${i}`,
    category_id: tenant.categoryId,
    location_id: tenant.locationId,
    status: s.status ?? 'AVAILABLE',
    inventory_number: s.inventoryNumber ?? `INV-${randomBytes(6).toString('hex')}`,
    serial_number: s.serialNumber ?? null,
    manufacturer: s.manufacturer ?? null,
    model: s.model ?? null,
    owner_id: s.ownerId ?? null,
    custom_fields: sql.json({ ramGb: 16 }),
  }));
  const inserted = await sql`insert into assets ${sql(rows)} returning id`;
  return inserted.map((r) => r.id as string);
}

/** Column values by their SQL names; a key given as null stays null (an erased subject, an anonymised author). */
export type RowOverrides = Record<string, unknown>;

/** Stands in for FLE1 ciphertext in bytea columns: opaque bytes, since the database never reads them. */
export const opaqueBytes = (length = 96): Buffer => randomBytes(length);

async function insertRow(table: string, row: RowOverrides, returning = 'id'): Promise<string> {
  const sql = ownerDb();
  const values = Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, typeof v === 'object' && v !== null && !(v instanceof Date) && !Buffer.isBuffer(v) ? sql.json(v as postgres.JSONValue) : v]),
  );
  const [inserted] = await sql`insert into ${sql(table)} ${sql(values as Record<string, postgres.ParameterOrJSON<never>>)} returning ${sql(returning)}`;
  return inserted![returning] as string;
}

/** The override when the test gave one (null included), otherwise a freshly created row. */
async function given(overrides: RowOverrides, key: string, create: () => Promise<string>): Promise<unknown> {
  return key in overrides ? overrides[key] : create();
}

export async function createPerson(organisationId: string, overrides: RowOverrides = {}): Promise<string> {
  return insertRow('persons', {
    organisation_id: organisationId,
    first_name: 'Test',
    last_name: `Person ${randomBytes(3).toString('hex')}`,
    primary_role: 'athlete',
    nationality: 'DE',
    language: 'de',
    identifier_national: opaqueBytes(),
    ...overrides,
  });
}

export async function createActivity(organisationId: string, overrides: RowOverrides = {}): Promise<string> {
  const personId = await given(overrides, 'person_id', () => createPerson(organisationId));
  const occurredAt = new Date(Date.now() - 86_400_000);
  return insertRow('activities', { organisation_id: organisationId, type: 'training', person_id: personId, title: 'Squad training', occurred_at: occurredAt, ended_at: new Date(occurredAt.getTime() + 5_400_000), details: { focus: 'Set pieces' }, ...overrides });
}

export async function createActivityComment(organisationId: string, overrides: RowOverrides = {}): Promise<string> {
  const activityId = await given(overrides, 'activity_id', () => createActivity(organisationId));
  const authorId = await given(overrides, 'author_person_id', () => createPerson(organisationId));
  return insertRow('activity_comments', { organisation_id: organisationId, activity_id: activityId, author_person_id: authorId, author_anonymized: authorId === null, body: 'Well played.', ...overrides });
}

export async function createConversation(organisationId: string, overrides: RowOverrides = {}): Promise<string> {
  return insertRow('conversations', { organisation_id: organisationId, kind: 'general', title: 'Squad chat', ...overrides });
}

/** Returns the person id: a participant row has no id of its own. */
export async function addConversationParticipant(organisationId: string, overrides: RowOverrides = {}): Promise<string> {
  const conversationId = await given(overrides, 'conversation_id', () => createConversation(organisationId));
  const personId = await given(overrides, 'person_id', () => createPerson(organisationId));
  return insertRow('conversation_participants', { organisation_id: organisationId, conversation_id: conversationId, person_id: personId, ...overrides }, 'person_id');
}

export async function createMessage(organisationId: string, overrides: RowOverrides = {}): Promise<string> {
  const conversationId = await given(overrides, 'conversation_id', () => createConversation(organisationId));
  const authorId = await given(overrides, 'author_person_id', () => createPerson(organisationId));
  return insertRow('messages', { organisation_id: organisationId, conversation_id: conversationId, author_person_id: authorId, author_anonymized: authorId === null, body: 'See you at training.', ...overrides });
}

/** The subject of a record that outlives erasure: a new person unless the test names one or a pseudonym. */
const subject = async (organisationId: string, overrides: RowOverrides) =>
  'subject_pseudonym' in overrides && !('person_id' in overrides) ? { person_id: null } : { person_id: await given(overrides, 'person_id', () => createPerson(organisationId)) };

export async function createMedicalTreatment(organisationId: string, overrides: RowOverrides = {}): Promise<string> {
  return insertRow('medical_treatments', { organisation_id: organisationId, ...(await subject(organisationId, overrides)), diagnosis: opaqueBytes(), detailed_notes: opaqueBytes(160), started_at: new Date(Date.now() - 7 * 86_400_000), ...overrides });
}

export async function createDonation(organisationId: string, overrides: RowOverrides = {}): Promise<string> {
  return insertRow('donations', { organisation_id: organisationId, ...(await subject(organisationId, overrides)), amount: '50.00', currency: 'EUR', donated_at: new Date(), campaign: 'Youth academy', ...overrides });
}

export async function createFinancialTransaction(organisationId: string, overrides: RowOverrides = {}): Promise<string> {
  return insertRow('financial_transactions', { organisation_id: organisationId, ...(await subject(organisationId, overrides)), kind: 'membership_fee', amount: '180.00', currency: 'EUR', occurred_at: new Date(), reference: `MF-${randomBytes(3).toString('hex')}`, ...overrides });
}

export async function createAntidopingRecord(organisationId: string, overrides: RowOverrides = {}): Promise<string> {
  return insertRow('antidoping_records', { organisation_id: organisationId, ...(await subject(organisationId, overrides)), tested_at: new Date(), kind: 'out_of_competition', result: 'negative', authority: 'NADA Germany', ...overrides });
}

export async function createIncidentReport(organisationId: string, overrides: RowOverrides = {}): Promise<string> {
  return insertRow('incident_reports', { organisation_id: organisationId, ...(await subject(organisationId, overrides)), occurred_at: new Date(), severity: 'low', description: 'Twisted ankle in the warm-up.', ...overrides });
}

export async function createPersonChangeRequest(organisationId: string, overrides: RowOverrides = {}): Promise<string> {
  const personId = await given(overrides, 'person_id', () => createPerson(organisationId));
  return insertRow('person_change_requests', { organisation_id: organisationId, person_id: personId, fields: { lastName: { from: 'Test', to: 'Tester' } }, ...overrides });
}

/** A data export row (spec 001); pending unless the test says otherwise. */
export async function createDataExport(organisationId: string, overrides: RowOverrides & { person_id: string; requested_by_user_id: string }): Promise<string> {
  return insertRow('data_exports', { organisation_id: organisationId, format: 'json', status: 'pending', ...overrides });
}
