import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratePostgres } from '@/db/connect';
import { encryptedFields } from '@/lib/platform/crypto/encrypted-fields';
import { backupTables, excludedTables } from '@/lib/privacy/backups/backup-tables';
import { databaseUrl, testDatabase } from '../../../support/test-env';

// A database of its own, only migrated: other test files create scratch tables in the shared one.
const catalogueDatabase = `${testDatabase.name}_catalogue`;
let catalogueSql: postgres.Sql;
const admin = () => postgres(testDatabase.adminUrl, { max: 1, onnotice: () => {} });

beforeAll(async () => {
  const sql = admin();
  await sql.unsafe(`CREATE DATABASE "${catalogueDatabase}"`);
  await sql.end();
  await migratePostgres(databaseUrl(testDatabase.adminUrl, catalogueDatabase), databaseUrl(testDatabase.adminUrl, catalogueDatabase, testDatabase.appRole));
  catalogueSql = postgres(databaseUrl(testDatabase.adminUrl, catalogueDatabase), { max: 1, onnotice: () => {} });
});

afterAll(async () => {
  await catalogueSql?.end();
  const sql = admin();
  await sql.unsafe(`DROP DATABASE IF EXISTS "${catalogueDatabase}" WITH (FORCE)`);
  await sql.end();
});

type CatalogueColumn = { table_name: string; column_name: string; is_generated: string };

/** Every column of every tenant table of the migrated schema: each table with an organisation_id column, and the organisations table. */
async function tenantCatalogue(): Promise<Map<string, CatalogueColumn[]>> {
  const rows = await catalogueSql<CatalogueColumn[]>`
    select c.table_name, c.column_name, c.is_generated
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = 'public'
      and (c.table_name = 'organisations'
           or exists (select 1 from information_schema.columns o where o.table_schema = 'public' and o.table_name = c.table_name and o.column_name = 'organisation_id'))
    order by c.table_name, c.ordinal_position`;
  const tables = new Map<string, CatalogueColumn[]>();
  for (const row of rows) tables.set(row.table_name, [...(tables.get(row.table_name) ?? []), row]);
  return tables;
}

describe('the tenant backup covers the catalogue', () => {
  it('holds every tenant table of the database, or names why it leaves one out', async () => {
    const catalogue = await tenantCatalogue();
    expect(catalogue.size).toBeGreaterThan(30);
    const included = new Set(backupTables.map((table) => table.name));
    const forgotten = [...catalogue.keys()].filter((name) => !included.has(name) && !(name in excludedTables));
    expect(forgotten, 'tenant tables neither in backupTables nor in excludedTables').toEqual([]);
    const both = [...included].filter((name) => name in excludedTables);
    expect(both).toEqual([]);
    const unknown = [...included, ...Object.keys(excludedTables)].filter((name) => !catalogue.has(name));
    expect(unknown, 'listed tables the database does not have').toEqual([]);
    for (const reason of Object.values(excludedTables)) expect(reason.length).toBeGreaterThan(20);
  });

  it('exports every column of an included table, or names why it leaves one out', async () => {
    const catalogue = await tenantCatalogue();
    for (const table of backupTables) {
      const columns = catalogue.get(table.name)!;
      const stored = columns.filter((column) => column.is_generated === 'NEVER').map((column) => column.column_name);
      const listed = [...table.columns, ...Object.keys(table.excludedColumns ?? {})];
      expect(stored.filter((column) => !listed.includes(column)), `columns of ${table.name} neither exported nor excluded`).toEqual([]);
      expect(listed.filter((column) => !stored.includes(column)), `listed columns ${table.name} does not have`).toEqual([]);
      expect(table.columns.filter((column) => column in (table.excludedColumns ?? {}))).toEqual([]);
    }
  });

  it('keeps every encrypted field either as ciphertext of an included table or out with its whole table', () => {
    const kept = backupTables.flatMap((table) => Object.values(table.encryptedColumns ?? {}));
    const leftOut: Record<string, string> = { 'dataExport.content': 'data_exports', 'webhookEndpoint.secret': 'webhook_endpoints', 'idempotencyKey.response': 'idempotency_keys' };
    for (const field of encryptedFields) {
      if (kept.includes(field)) continue;
      expect(leftOut[field], `${field} is neither restored nor left out`).toBeDefined();
      expect(excludedTables).toHaveProperty(leftOut[field]!);
    }
    expect(backupTables.map((table) => table.name)).toContain('encryption_data_keys');
  });
});
