import postgres from 'postgres';
import { databaseUrl, testDatabase } from './test-env';

/** A fresh database per run (audit rows cannot be deleted, by design), and a login role that cannot bypass RLS. */
export async function createTestDatabase(): Promise<{ ownerUrl: string; appUrl: string; ledgerUrl: string }> {
  const admin = postgres(testDatabase.adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE "${testDatabase.name}"`);
    // The deletion ledger lives in a database of its own (DESIGN.md), as in production.
    await admin.unsafe(`CREATE DATABASE "${testDatabase.name}_ledger"`);
    const [role] = await admin`select 1 from pg_roles where rolname = ${testDatabase.appRole}`;
    if (!role) await admin.unsafe(`CREATE ROLE "${testDatabase.appRole}" LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE`);
  } finally {
    await admin.end();
  }
  return {
    ownerUrl: databaseUrl(testDatabase.adminUrl, testDatabase.name),
    appUrl: databaseUrl(testDatabase.adminUrl, testDatabase.name, testDatabase.appRole),
    ledgerUrl: databaseUrl(testDatabase.adminUrl, `${testDatabase.name}_ledger`),
  };
}

export async function dropTestDatabase(): Promise<void> {
  const admin = postgres(testDatabase.adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${testDatabase.name}" WITH (FORCE)`);
    await admin.unsafe(`DROP DATABASE IF EXISTS "${testDatabase.name}_ledger" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
