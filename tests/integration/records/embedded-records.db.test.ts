import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/db/client';
import { type Connection, connectPglite } from '@/db/connect';
import { ACME_ORGANISATION_ID, GLOBEX_ORGANISATION_ID } from '@/db/seed/demo-tenants';
import { seedDemoData } from '@/db/seed/seed-demo-data';
import { createFieldEncryption } from '@/lib/platform/crypto/field-encryption';
import { createKeyRing } from '@/lib/platform/crypto/key-ring';
import { createLocalKeyProvider } from '@/lib/platform/crypto/local-key-provider';
import { expectedDemoRecords, recordTables } from './demo-records';

// The embedded default opens PGlite exactly like this (lib/platform/db/get-db.ts): migrate on open, then seed.
let dataDir: string;
let connection: Connection;
// The seed encrypts the club's sensitive fields; this process has no configured master key, so it brings one.
const encryption = createFieldEncryption(createKeyRing(createLocalKeyProvider(randomBytes(96))), 60);

async function counts(organisationId: string): Promise<Record<string, number>> {
  const selects = recordTables.map((t) => `(select count(*)::int from ${t} where organisation_id = '${organisationId}') as ${t}`).join(', ');
  return rowsOf<Record<string, number>>(await connection.db.execute(sql.raw(`select ${selects}`)))[0]!;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'qm-records-'));
  connection = await connectPglite(path.join(dataDir, 'pglite'));
  expect(await seedDemoData(connection.db, new Date(), encryption)).toEqual(['acme', 'globex', 'initech']);
}, 120_000);

afterAll(async () => {
  await connection?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('persons’ records in the embedded database (PGlite)', () => {
  it('applies the migrations: every record table exists with row-level security enabled and forced', async () => {
    const tables = rowsOf<{ relname: string; enabled: boolean; forced: boolean }>(
      await connection.db.execute(sql`select relname, relrowsecurity as enabled, relforcerowsecurity as forced from pg_class
        where relnamespace = 'public'::regnamespace and relkind = 'r' and relname in ${[...recordTables]} order by relname`),
    );
    expect(tables).toEqual([...recordTables].sort().map((relname) => ({ relname, enabled: true, forced: true })));
  });

  it('seeds the same records as on PostgreSQL, and a second start adds nothing', async () => {
    expect(await counts(GLOBEX_ORGANISATION_ID)).toEqual(expectedDemoRecords.globex);
    expect(await counts(ACME_ORGANISATION_ID)).toEqual(expectedDemoRecords.acme);
    expect(await seedDemoData(connection.db, new Date(), encryption)).toEqual([]);
    expect(await counts(GLOBEX_ORGANISATION_ID)).toEqual(expectedDemoRecords.globex);
  });

  it('keeps the tenants’ records apart for the app role', async () => {
    const seen = await connection.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', 'quartermaster_app', true)`);
      await tx.execute(sql`select set_config('app.organisation_id', ${ACME_ORGANISATION_ID}, true)`);
      return rowsOf<{ organisation_id: string; n: number }>(await tx.execute(sql`select organisation_id, count(*)::int as n from messages group by organisation_id`));
    });
    expect(seen).toEqual([{ organisation_id: ACME_ORGANISATION_ID, n: expectedDemoRecords.acme.messages }]);
  });
});
