import { randomBytes, randomUUID } from 'node:crypto';
import postgres from 'postgres';
import type { PgTable } from 'drizzle-orm/pg-core';
import { inject } from 'vitest';
import {
  activities,
  activityComments,
  antidopingRecords,
  assets,
  categories,
  conversationParticipants,
  conversations,
  dataExports,
  donations,
  financialTransactions,
  incidentReports,
  locations,
  medicalTreatments,
  messages,
  organisations,
  personChangeRequests,
  persons,
  users,
} from '@/db/schema';
import type { Role } from '@/lib/platform/auth/roles';
import { getUserAccessToken, registerAccount } from './idp-client';
import { insertRow, insertRows, type SqlRow } from './insert-row';
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

/** The identity provider's issuer; the integration-db project starts none, so its tests get no token. */
function identityProvider(): string {
  const issuer = inject('oidcIssuer');
  if (!issuer) throw new Error('No identity provider in this project: a test that signs in needs the server (a .test.ts, not a .db.test.ts).');
  return issuer;
}

export async function tokenFor(subject: string): Promise<string> {
  return getUserAccessToken(identityProvider(), subject, { audience: testAudience });
}

/** An identity the IdP knows but the app has never seen (for just-in-time provisioning). */
export async function registerIdentity(organisationId: string, role: Role = 'EMPLOYEE', subject = `user-${randomUUID()}`) {
  await registerAccount(identityProvider(), {
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
  const subject = `user-${randomUUID()}`;
  // Without an identity provider (integration-db) the user is rows only, and its token() says why it has none.
  const identity = inject('oidcIssuer') ? await registerIdentity(organisationId, role, subject) : { subject, token: () => tokenFor(subject) };
  const email = `${identity.subject}@example.test`;
  const personId = await insertRow(persons, { organisation_id: organisationId, first_name: 'Test', last_name: role, official_email: email });
  const userId = await insertRow(users, { organisation_id: organisationId, person_id: personId, idp_subject: identity.subject, email, role });
  return { id: userId, subject: identity.subject, role, token: identity.token };
}

export type TenantOptions = { planTier?: 'FREE' | 'PRO_SMALL' | 'PRO_STANDARD' | 'PRO_PLUS' | 'ENTERPRISE'; customRateLimits?: { perMinute: number; perDay: number } };

/** A fresh tenant with one user per role, a category with custom fields and a location. */
export async function createTenant(options: TenantOptions = {}): Promise<TestTenant> {
  const slug = `t-${randomBytes(5).toString('hex')}`;
  const id = await insertRow(organisations, {
    slug,
    name: `Tenant ${slug}`,
    plan_tier: options.planTier ?? 'ENTERPRISE',
    custom_rate_limits: options.customRateLimits ?? { perMinute: 100000, perDay: 10000000 },
  });
  const [admin, manager, employee] = await Promise.all([createUser(id, 'ADMIN'), createUser(id, 'ASSET_MANAGER'), createUser(id, 'EMPLOYEE')]);
  const fields: SqlRow<typeof categories>['custom_fields'] = [
    { key: 'ramGb', label: 'RAM (GB)', type: 'number', required: true },
    { key: 'os', label: 'Operating system', type: 'select', options: ['Windows', 'macOS', 'Linux'] },
  ];
  const categoryId = await insertRow(categories, { organisation_id: id, name: 'Laptops', custom_fields: fields });
  const locationId = await insertRow(locations, { organisation_id: id, name: 'Head office' });
  return { id, slug, admin, manager, employee, categoryId, locationId };
}

export type AssetSeed = { name?: string; status?: string; inventoryNumber?: string; serialNumber?: string; manufacturer?: string; model?: string; ownerId?: string | null };
type AssetStatus = NonNullable<SqlRow<typeof assets>['status']>;

/** Inserts assets directly (fast arrangement); API tests create through the API instead. */
export async function insertAssets(tenant: TestTenant, seeds: AssetSeed[]): Promise<string[]> {
  return insertRows(
    assets,
    seeds.map((s, i) => ({
      organisation_id: tenant.id,
      name: s.name ?? `Asset ${i}`,
      category_id: tenant.categoryId,
      location_id: tenant.locationId,
      status: (s.status ?? 'AVAILABLE') as AssetStatus,
      inventory_number: s.inventoryNumber ?? `INV-${randomBytes(6).toString('hex')}`,
      serial_number: s.serialNumber ?? null,
      manufacturer: s.manufacturer ?? null,
      model: s.model ?? null,
      owner_id: s.ownerId ?? null,
      custom_fields: { ramGb: 16 },
    })),
  );
}

/** Column values by their SQL names; a key given as null stays null (an erased subject, an anonymised author). */
export type RowOverrides<T extends PgTable> = SqlRow<T>;

/** Stands in for FLE1 ciphertext in bytea columns: opaque bytes, since the database never reads them. */
export const opaqueBytes = (length = 96): Buffer => randomBytes(length);

/** The override when the test gave one (null included), otherwise a freshly created row. */
async function given<R extends object, K extends keyof R>(overrides: R, key: K, create: () => Promise<string>): Promise<R[K] | string> {
  return key in overrides ? overrides[key] : create();
}

export async function createPerson(organisationId: string, overrides: RowOverrides<typeof persons> = {}): Promise<string> {
  return insertRow(persons, {
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

export async function createActivity(organisationId: string, overrides: RowOverrides<typeof activities> = {}): Promise<string> {
  const personId = await given(overrides, 'person_id', () => createPerson(organisationId));
  const occurredAt = new Date(Date.now() - 86_400_000);
  return insertRow(activities, { organisation_id: organisationId, type: 'training', person_id: personId, title: 'Squad training', occurred_at: occurredAt, ended_at: new Date(occurredAt.getTime() + 5_400_000), details: { focus: 'Set pieces' }, ...overrides });
}

export async function createActivityComment(organisationId: string, overrides: RowOverrides<typeof activityComments> = {}): Promise<string> {
  const activityId = await given(overrides, 'activity_id', () => createActivity(organisationId));
  const authorId = await given(overrides, 'author_person_id', () => createPerson(organisationId));
  return insertRow(activityComments, { organisation_id: organisationId, activity_id: activityId, author_person_id: authorId, author_anonymized: authorId === null, body: 'Well played.', ...overrides });
}

export async function createConversation(organisationId: string, overrides: RowOverrides<typeof conversations> = {}): Promise<string> {
  return insertRow(conversations, { organisation_id: organisationId, kind: 'general', title: 'Squad chat', ...overrides });
}

/** Returns the person id: a participant row has no id of its own. */
export async function addConversationParticipant(organisationId: string, overrides: RowOverrides<typeof conversationParticipants> = {}): Promise<string> {
  const conversationId = await given(overrides, 'conversation_id', () => createConversation(organisationId));
  const personId = await given(overrides, 'person_id', () => createPerson(organisationId));
  return insertRow(conversationParticipants, { organisation_id: organisationId, conversation_id: conversationId, person_id: personId, ...overrides }, 'person_id');
}

export async function createMessage(organisationId: string, overrides: RowOverrides<typeof messages> = {}): Promise<string> {
  const conversationId = await given(overrides, 'conversation_id', () => createConversation(organisationId));
  const authorId = await given(overrides, 'author_person_id', () => createPerson(organisationId));
  return insertRow(messages, { organisation_id: organisationId, conversation_id: conversationId, author_person_id: authorId, author_anonymized: authorId === null, body: 'See you at training.', ...overrides });
}

/** The subject of a record that outlives erasure: a new person unless the test names one or a pseudonym. */
const subject = async (organisationId: string, overrides: { person_id?: string | null; subject_pseudonym?: string | null }) =>
  'subject_pseudonym' in overrides && !('person_id' in overrides) ? { person_id: null } : { person_id: await given(overrides, 'person_id', () => createPerson(organisationId)) };

export async function createMedicalTreatment(organisationId: string, overrides: RowOverrides<typeof medicalTreatments> = {}): Promise<string> {
  return insertRow(medicalTreatments, { organisation_id: organisationId, ...(await subject(organisationId, overrides)), diagnosis: opaqueBytes(), detailed_notes: opaqueBytes(160), started_at: new Date(Date.now() - 7 * 86_400_000), ...overrides });
}

export async function createDonation(organisationId: string, overrides: RowOverrides<typeof donations> = {}): Promise<string> {
  return insertRow(donations, { organisation_id: organisationId, ...(await subject(organisationId, overrides)), amount: '50.00', currency: 'EUR', donated_at: new Date(), campaign: 'Youth academy', ...overrides });
}

export async function createFinancialTransaction(organisationId: string, overrides: RowOverrides<typeof financialTransactions> = {}): Promise<string> {
  return insertRow(financialTransactions, { organisation_id: organisationId, ...(await subject(organisationId, overrides)), kind: 'membership_fee', amount: '180.00', currency: 'EUR', occurred_at: new Date(), reference: `MF-${randomBytes(3).toString('hex')}`, ...overrides });
}

export async function createAntidopingRecord(organisationId: string, overrides: RowOverrides<typeof antidopingRecords> = {}): Promise<string> {
  return insertRow(antidopingRecords, { organisation_id: organisationId, ...(await subject(organisationId, overrides)), tested_at: new Date(), kind: 'out_of_competition', result: 'negative', authority: 'NADA Germany', ...overrides });
}

export async function createIncidentReport(organisationId: string, overrides: RowOverrides<typeof incidentReports> = {}): Promise<string> {
  return insertRow(incidentReports, { organisation_id: organisationId, ...(await subject(organisationId, overrides)), occurred_at: new Date(), severity: 'low', description: 'Twisted ankle in the warm-up.', ...overrides });
}

export async function createPersonChangeRequest(organisationId: string, overrides: RowOverrides<typeof personChangeRequests> = {}): Promise<string> {
  const personId = await given(overrides, 'person_id', () => createPerson(organisationId));
  return insertRow(personChangeRequests, { organisation_id: organisationId, person_id: personId, fields: { lastName: { from: 'Test', to: 'Tester' } }, ...overrides });
}

/** A data export row (spec 001); pending unless the test says otherwise. */
export async function createDataExport(organisationId: string, overrides: RowOverrides<typeof dataExports> & { person_id: string; requested_by_user_id: string }): Promise<string> {
  return insertRow(dataExports, { organisation_id: organisationId, format: 'json', status: 'pending', ...overrides });
}
