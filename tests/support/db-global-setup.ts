import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { migratePostgres } from '@/db/connect';
import * as schema from '@/db/schema';
import { seedDemoData } from '@/db/seed/seed-demo-data';
import { createFieldEncryption } from '@/lib/platform/crypto/field-encryption';
import { createKeyRing } from '@/lib/platform/crypto/key-ring';
import { createLocalKeyProvider } from '@/lib/platform/crypto/local-key-provider';
import { createTestDatabase, dropTestDatabase } from './test-database';
import './provided-context';

/**
 * The integration-db project (`*.db.test.ts`): a fresh database, migrated and seeded as the server does at start
 * (SEED_DEMO_DATA), and nothing else: no production build, no server, no identity provider.
 */
export default async function setup(project: TestProject) {
  const { ownerUrl, appUrl, ledgerUrl } = await createTestDatabase();
  const fleMasterKey = randomBytes(96).toString('base64');
  try {
    await migratePostgres(ownerUrl, appUrl);
    const owner = postgres(ownerUrl, { max: 1, onnotice: () => {} });
    try {
      const encryption = createFieldEncryption(createKeyRing(createLocalKeyProvider(Buffer.from(fleMasterKey, 'base64'))), 60);
      await seedDemoData(drizzle(owner, { schema }), new Date(), encryption);
    } finally {
      await owner.end({ timeout: 5 });
    }
  } catch (error) {
    await dropTestDatabase();
    throw error;
  }
  project.provide('ownerDatabaseUrl', ownerUrl);
  project.provide('appDatabaseUrl', appUrl);
  project.provide('ledgerDatabaseUrl', ledgerUrl);
  project.provide('fleMasterKey', fleMasterKey);
  project.provide('pseudonymSecret', randomBytes(32).toString('base64url'));
  // No identity provider: users made by the factories are rows only, and asking for their token fails.
  project.provide('oidcIssuer', '');
  return () => dropTestDatabase();
}
