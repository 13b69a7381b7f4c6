import { randomBytes, randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { inject } from 'vitest';
import type { Role } from '@/lib/auth/roles';
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
