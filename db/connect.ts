import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from '@/lib/platform/config';
import { driverSessionOptions, parseDatabaseUrl, reconnectOptions } from '@/lib/platform/db/database-url';
import { type Database, rowsOf } from './client';
import { preparingClient } from './prepare-statements';
import * as schema from './schema';

export type Connection = { db: Database; kind: 'postgres' | 'pglite'; close: () => Promise<void> };

const migrationsFolder = path.join(process.cwd(), 'db', 'migrations');
// Serialises start-up migrations when several app instances boot at once.
const MIGRATION_LOCK_ID = 7_311_001;

export async function connectPostgres(config: Config, databaseUrl: string): Promise<Connection> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const client = postgres(databaseUrl, {
    max: config.DATABASE_POOL_SIZE,
    prepare: true,
    onnotice: () => {},
    ...reconnectOptions(databaseUrl),
    ...driverSessionOptions(databaseUrl),
  });
  return { db: drizzle(preparingClient(client), { schema }), kind: 'postgres', close: () => client.end({ timeout: 5 }) };
}

/** Applies migrations as the owner, then lets the runtime login role act as quartermaster_app. */
export async function migratePostgres(ownerUrl: string, runtimeUrl: string): Promise<void> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const { migrate } = await import('drizzle-orm/postgres-js/migrator');
  const client = postgres(ownerUrl, { max: 1, onnotice: () => {}, ...driverSessionOptions(ownerUrl) });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
    await migrate(drizzle(client), { migrationsFolder });
    const runtimeUser = parseDatabaseUrl(runtimeUrl).user;
    if (runtimeUser) {
      const [row] = await client`select exists(select 1 from pg_roles where rolname = ${runtimeUser}) as "exists"`;
      if (row?.exists) await client.unsafe(`GRANT quartermaster_app TO "${runtimeUser.replaceAll('"', '""')}"`);
    }
  } finally {
    await client`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.catch(() => undefined);
    await client.end({ timeout: 5 });
  }
}

/** Embedded default: an in-process PostgreSQL persisted on disk, migrated on open. */
export async function connectPglite(dataDir: string): Promise<Connection> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await mkdir(path.resolve(dataDir), { recursive: true });
  const client = await PGlite.create({ dataDir: path.resolve(dataDir), extensions: { pg_trgm, btree_gist, btree_gin } });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}

export type RoleSafety = { user: string; superuser: boolean; bypassRls: boolean; ownsTables: boolean };

/** The runtime role must not be able to step around row-level security (DESIGN.md invariant 1). */
export async function inspectRuntimeRole(db: Database): Promise<RoleSafety> {
  const rows = await db.execute(sql`
    select current_user as "user", r.rolsuper as superuser, r.rolbypassrls as bypass_rls,
      exists(select 1 from pg_tables t where t.schemaname = 'public' and t.tableowner = current_user) as owns_tables
    from pg_roles r where r.rolname = current_user`);
  const row = rowsOf<{ user: string; superuser: boolean; bypass_rls: boolean; owns_tables: boolean }>(rows)[0];
  if (!row) throw new Error('Could not inspect the database role');
  return { user: row.user, superuser: row.superuser, bypassRls: row.bypass_rls, ownsTables: row.owns_tables };
}
