import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as ledgerSchema from './schema';

export type LedgerDatabase = PgDatabase<PgQueryResultHKT, typeof ledgerSchema>;
export type LedgerConnection = { db: LedgerDatabase; kind: 'postgres' | 'pglite'; close: () => Promise<void> };

const migrationsFolder = path.join(process.cwd(), 'db', 'ledger', 'migrations');
// Its own bookkeeping table, so a ledger wrongly pointed at the tenant database cannot confuse the two histories.
const migrationsTable = '__deletion_ledger_migrations';
const LEDGER_MIGRATION_LOCK_ID = 7_311_002;

/** The ledger on PostgreSQL: migrated on open, under an advisory lock so parallel instances take turns. */
export async function connectLedgerPostgres(url: string): Promise<LedgerConnection> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const { migrate } = await import('drizzle-orm/postgres-js/migrator');
  const client = postgres(url, { max: 2, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${LEDGER_MIGRATION_LOCK_ID})`;
    await migrate(drizzle(client), { migrationsFolder, migrationsTable });
  } catch (error) {
    await client.end({ timeout: 5 });
    throw error;
  } finally {
    await client`select pg_advisory_unlock(${LEDGER_MIGRATION_LOCK_ID})`.catch(() => undefined);
  }
  return { db: drizzle(client, { schema: ledgerSchema }), kind: 'postgres', close: () => client.end({ timeout: 5 }) };
}

/** The embedded default: a second PGlite beside the tenant database's, in its own directory. */
export async function connectLedgerPglite(dataDir: string): Promise<LedgerConnection> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await mkdir(path.resolve(dataDir), { recursive: true });
  const client = await PGlite.create({ dataDir: path.resolve(dataDir) });
  const db = drizzle(client, { schema: ledgerSchema });
  await migrate(db, { migrationsFolder, migrationsTable });
  return { db, kind: 'pglite', close: () => client.close() };
}
