import path from 'node:path';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type LedgerConnection, type LedgerDatabase, connectLedgerPglite, connectLedgerPostgres } from '@/db/ledger/connect-ledger';
import { deletionLedger, type LedgerEntry } from '@/db/ledger/schema';
import { type Config, getConfig } from '@/lib/platform/config';
import { isSameDatabase } from '@/lib/platform/db/database-url';
import { PrivacyConfigError } from './pseudonym';

export type { LedgerDatabase, LedgerEntry };

export type NewLedgerEntry = {
  entryKey: string;
  organisationId: string;
  subjectKey: string;
  reason: LedgerEntry['reason'];
  scope: LedgerEntry['scope'];
  fields: readonly string[];
  effectiveAt: Date;
};

/** Throws the PrivacyConfigError openLedger would, without connecting: the start-up warns on it and reads no ledger. */
export function assertLedgerConfigured(config: Config): void {
  if (config.LEDGER_DATABASE_URL) {
    for (const tenantUrl of [config.DATABASE_URL, config.DATABASE_OWNER_URL]) {
      if (tenantUrl && isSameDatabase(tenantUrl, config.LEDGER_DATABASE_URL)) {
        throw new PrivacyConfigError('LEDGER_DATABASE_URL names the tenant database; the ledger must live in a database of its own, or a restore rolls it back too.');
      }
    }
    return;
  }
  if (config.DATABASE_URL) throw new PrivacyConfigError('Erasure needs LEDGER_DATABASE_URL (a database of its own) when DATABASE_URL is set.');
}

export async function openLedger(config: Config): Promise<LedgerConnection> {
  assertLedgerConfigured(config);
  if (config.LEDGER_DATABASE_URL) return connectLedgerPostgres(config.LEDGER_DATABASE_URL);
  // Beside the embedded tenant database, as the demo's generated keys are.
  return connectLedgerPglite(config.LEDGER_PGLITE_DATA_DIR ?? path.join(path.dirname(config.PGLITE_DATA_DIR), 'ledger'));
}

type Holder = { connection?: Promise<LedgerConnection> };
// One opener per process, as for the tenant database (lib/platform/db/get-db.ts).
const holder = ((globalThis as Record<symbol, Holder>)[Symbol.for('quartermaster.ledger')] ??= {});

export async function getLedger(): Promise<LedgerDatabase> {
  holder.connection ??= openLedger(getConfig()).catch((error: unknown) => {
    holder.connection = undefined;
    throw error;
  });
  return (await holder.connection).db;
}

export async function closeLedger(): Promise<void> {
  const pending = holder.connection;
  holder.connection = undefined;
  if (pending) await (await pending).close();
}

/**
 * Lists an erasure in the ledger. Called before anything is destroyed; a retry with the same entryKey is a
 * no-op, so the job can be re-run after a crash between the ledger write and the erasure.
 */
export async function recordInLedger(ledger: LedgerDatabase, entry: NewLedgerEntry): Promise<void> {
  await ledger
    .insert(deletionLedger)
    .values({ ...entry, fields: [...entry.fields] })
    .onConflictDoNothing({ target: deletionLedger.entryKey });
}

const BATCH = 1000;

/** Every entry, oldest first, in batches, optionally for some tenants only. */
export async function* readLedger(ledger: LedgerDatabase, organisationIds?: readonly string[]): AsyncGenerator<LedgerEntry[]> {
  let after: LedgerEntry | undefined;
  for (;;) {
    const rows = await ledger
      .select()
      .from(deletionLedger)
      .where(
        and(
          after ? sql`(${deletionLedger.recordedAt}, ${deletionLedger.id}) > (${after.recordedAt.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined,
          organisationIds ? inArray(deletionLedger.organisationId, [...organisationIds]) : undefined,
        ),
      )
      .orderBy(asc(deletionLedger.recordedAt), asc(deletionLedger.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    yield rows;
    after = rows.at(-1);
    if (rows.length < BATCH) return;
  }
}

export async function ledgerEntriesFor(ledger: LedgerDatabase, organisationId: string, subjectKey: string): Promise<LedgerEntry[]> {
  return ledger
    .select()
    .from(deletionLedger)
    .where(and(eq(deletionLedger.organisationId, organisationId), eq(deletionLedger.subjectKey, subjectKey)))
    .orderBy(asc(deletionLedger.recordedAt));
}
