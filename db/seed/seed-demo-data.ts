import { sql } from 'drizzle-orm';
import { encryptField } from '@/lib/platform/crypto/encrypt-field';
import type { FieldEncryption } from '@/lib/platform/crypto/field-encryption';
import type { Database, Tx } from '../client';
import { assets, auditLog, categories, type CustomFieldDefinition, locations, organisations, persons, users } from '../schema';
import { demoAccounts } from './demo-accounts';
import { seedDemoActivity } from './seed-demo-activity';
import { seedDemoRecords } from './seed-demo-records';
import { catalogueFor, type DemoCategory } from './demo-catalogue';
import { demoFirstNames, demoLastNames, type DemoTenant, demoTenants } from './demo-tenants';

type Role = 'EMPLOYEE' | 'ASSET_MANAGER' | 'ADMIN';
type SeedUser = { subject: string; firstName: string; lastName: string; email: string; role: Role };

// Deterministic, so the demo and the tests see the same data on every machine.
function createRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function sampleCustomValue(random: () => number, category: DemoCategory, field: CustomFieldDefinition, index: number): unknown {
  const samples = category.sampleValues?.[field.key];
  if (samples) return pick(random, samples);
  switch (field.type) {
    case 'number':
      return field.key === 'ramGb' ? pick(random, [8, 16, 32, 64]) : Math.round(random() * 5000) + 10;
    case 'boolean':
      return random() < 0.5;
    case 'date':
      return `2026-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}`;
    case 'select':
      return pick(random, field.options ?? ['']);
    default:
      return field.key === 'licensePlate' ? `B-QM ${1000 + index}` : `${field.label} ${100 + index}`;
  }
}

function seedUsersFor(tenant: DemoTenant, random: () => number): SeedUser[] {
  const demo = demoAccounts
    .filter((a) => a.organisationId === tenant.id)
    .map((a) => ({ subject: a.accountId, firstName: a.givenName, lastName: a.familyName, email: a.email, role: a.role }));
  const extra = Array.from({ length: tenant.extraEmployees }, (_, i) => {
    const firstName = pick(random, demoFirstNames);
    const lastName = pick(random, demoLastNames);
    const local = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
    return { subject: `${tenant.slug}-staff-${i + 1}`, firstName, lastName, email: `${local}${i + 1}@${tenant.slug}.example`, role: 'EMPLOYEE' as const };
  });
  return [...demo, ...extra];
}

async function seedTenant(tx: Tx, tenant: DemoTenant, now: Date): Promise<void> {
  const random = createRandom(tenant.slug.length * 7919);
  await tx.insert(organisations).values({ id: tenant.id, slug: tenant.slug, name: tenant.name, planTier: tenant.planTier });

  const seedUsers = seedUsersFor(tenant, random);
  const personRows = await tx
    .insert(persons)
    .values(seedUsers.map((u) => ({ organisationId: tenant.id, firstName: u.firstName, lastName: u.lastName, officialEmail: u.email })))
    .returning({ id: persons.id });
  const userRows = await tx
    .insert(users)
    .values(seedUsers.map((u, i) => ({ organisationId: tenant.id, personId: personRows[i]!.id, idpSubject: u.subject, email: u.email, role: u.role })))
    .returning({ id: users.id });
  if (tenant.startsEmpty) return;

  const catalogue = catalogueFor(tenant);
  const categoryRows = await tx
    .insert(categories)
    .values(catalogue.categories.map((c) => ({ organisationId: tenant.id, name: c.name, description: c.description, customFields: c.customFields })))
    .returning({ id: categories.id });
  const locationRows = await tx
    .insert(locations)
    .values(catalogue.locations.map((l) => ({ organisationId: tenant.id, ...l })))
    .returning({ id: locations.id, name: locations.name });

  const prefix = tenant.slug.toUpperCase();
  const assetValues = Array.from({ length: tenant.assetCount }, (_, i) => {
    const categoryIndex = Math.floor(random() * catalogue.categories.length);
    const category = catalogue.categories[categoryIndex]!;
    const keptAt = category.keptAt ? locationRows.filter((l) => category.keptAt!.includes(l.name)) : locationRows;
    const [manufacturer, model, productName] = pick(random, category.products) as [string, string, string];
    const statusRoll = random();
    return {
      organisationId: tenant.id,
      name: `${productName} #${String(i + 1).padStart(3, '0')}`,
      categoryId: categoryRows[categoryIndex]!.id,
      locationId: pick(random, keptAt).id,
      status: statusRoll < 0.08 ? ('MAINTENANCE' as const) : statusRoll < 0.12 ? ('RETIRED' as const) : ('AVAILABLE' as const),
      inventoryNumber: `${prefix}-${String(i + 1).padStart(5, '0')}`,
      serialNumber: `SN${Math.floor(random() * 1e9).toString(36).toUpperCase()}${i}`,
      manufacturer,
      model,
      purchaseDate: `202${Math.floor(random() * 6)}-0${1 + Math.floor(random() * 9)}-15`,
      value: (Math.round(random() * ((category.maxValue ?? 3000) * 100)) / 100 + 20).toFixed(2),
      supplier: pick(random, catalogue.suppliers),
      warrantyMonths: pick(random, [12, 24, 36, null]),
      ownerId: random() < 0.3 ? pick(random, userRows).id : null,
      customFields: Object.fromEntries(category.customFields.map((f) => [f.key, sampleCustomValue(random, category, f, i)])),
    };
  });
  const assetRows = await tx.insert(assets).values(assetValues).returning({ id: assets.id, name: assets.name });
  // The inventory was imported well before the seeded loans, so the log reads in the order things happened.
  const importedAt = new Date(now.getTime() - 90 * 86_400_000);
  await tx.insert(auditLog).values(
    assetRows.map((a) => ({
      organisationId: tenant.id,
      occurredAt: importedAt,
      actorType: 'SYSTEM' as const,
      action: 'ASSET_CREATED' as const,
      targetType: 'ASSET',
      targetId: a.id,
      assetId: a.id,
      changes: { name: { before: null, after: a.name } },
      metadata: { source: 'seed' },
    })),
  );
  await seedDemoActivity(tx, {
    organisationId: tenant.id,
    slug: tenant.slug,
    organisationName: tenant.name,
    catalogue,
    now,
    userIds: new Map(seedUsers.map((u, i) => [u.subject, userRows[i]!.id])),
    availableAssets: assetRows.filter((_, i) => assetValues[i]!.status === 'AVAILABLE'),
  });
}

/**
 * Idempotent: a tenant that already exists keeps its data, and only gains persons' records if it has none yet
 * (seed-demo-records.ts). Runs with the owner's connection. Dates are relative to the day of seeding, so a fresh
 * demo always has loans due soon, overdue and awaiting approval, and a recent fortnight of club life.
 */
export async function seedDemoData(db: Database, now: Date = new Date(), encryption?: FieldEncryption): Promise<string[]> {
  const seeded: string[] = [];
  for (const tenant of demoTenants) {
    const created = await db.transaction(async (tx) => {
      // FORCE row-level security applies to the owner too, so the seed sets the tenant like any request does.
      await tx.execute(sql`select set_config('app.organisation_id', ${tenant.id}, true)`);
      const existing = await tx.select({ id: organisations.id }).from(organisations).where(sql`${organisations.slug} = ${tenant.slug}`);
      if (existing.length === 0) await seedTenant(tx, tenant, now);
      // The process's master key unless a caller (a test) brings its own; resolved only when a value is encrypted.
      await seedDemoRecords(tx, tenant, now, (field, plaintext) => encryptField(tx, { organisationId: tenant.id }, field, plaintext, encryption));
      return existing.length === 0;
    });
    if (created) seeded.push(tenant.slug);
  }
  return seeded;
}
