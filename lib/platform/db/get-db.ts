import { type Config, getConfig } from '@/lib/platform/config';
import type { Database } from '@/db/client';
import { type Connection, connectPglite, connectPostgres, inspectRuntimeRole, migratePostgres } from '@/db/connect';
import { seedDemoData } from '@/db/seed/seed-demo-data';

type Holder = { connection?: Promise<Connection> };
// Next.js may load this module in several bundles of one process; one PGlite directory must have one opener.
const holder = ((globalThis as Record<symbol, Holder>)[Symbol.for('quartermaster.db')] ??= {});

async function open(config: Config): Promise<Connection> {
  if (!config.DATABASE_URL) {
    const connection = await connectPglite(config.PGLITE_DATA_DIR);
    await seedDemoData(connection.db);
    return connection;
  }
  const ownerUrl = config.DATABASE_OWNER_URL ?? config.DATABASE_URL;
  await migratePostgres(ownerUrl, config.DATABASE_URL);
  if (config.SEED_DEMO_DATA) {
    const owner = await connectPostgres({ ...config, DATABASE_POOL_SIZE: 1 }, ownerUrl);
    try {
      await seedDemoData(owner.db);
    } finally {
      await owner.close();
    }
  }
  const connection = await connectPostgres(config, config.DATABASE_URL);
  await assertRuntimeRoleIsSafe(connection.db, config);
  return connection;
}

async function assertRuntimeRoleIsSafe(db: Database, config: Config): Promise<void> {
  const role = await inspectRuntimeRole(db);
  if (!role.superuser && !role.bypassRls && !role.ownsTables) return;
  const message =
    `DATABASE_URL connects as "${role.user}", which can bypass row-level security ` +
    '(superuser, BYPASSRLS or table owner). Use a separate least-privileged role; see docs/operations/tenant-isolation.md.';
  if (config.NODE_ENV === 'production') throw new Error(message);
  console.warn(`[quartermaster] ${message} Every request still runs as quartermaster_app.`);
}

export function getConnection(): Promise<Connection> {
  holder.connection ??= open(getConfig()).catch((error: unknown) => {
    holder.connection = undefined;
    throw error;
  });
  return holder.connection;
}

export async function getDb(): Promise<Database> {
  return (await getConnection()).db;
}

export async function closeDb(): Promise<void> {
  const pending = holder.connection;
  holder.connection = undefined;
  if (pending) await (await pending).close();
}
