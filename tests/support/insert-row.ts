import { DrizzleQueryError, getTableColumns, getTableName } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { inject } from 'vitest';
import type { Database } from '@/db/client';
import * as schema from '@/db/schema';

type Columns<T extends PgTable> = T['_']['columns'];

/**
 * A row of `table` by its SQL column names, as the tests write them (and read them back with ownerDb()), each
 * value typed as Drizzle inserts it: a column renamed or retyped in db/schema fails to compile here.
 */
export type SqlRow<T extends PgTable> = {
  [K in keyof T['$inferInsert'] & keyof Columns<T> as Columns<T>[K]['_']['name']]?: T['$inferInsert'][K];
};

let insertSql: postgres.Sql | undefined;
let insertDb: Database | undefined;

/**
 * The owner connection, through Drizzle, for the factories' inserts. A client of its own: Drizzle replaces the
 * date parsers of the client it wraps, and ownerDb()'s readers expect Date objects.
 */
export function ownerDrizzle(): Database {
  insertSql ??= postgres(inject('ownerDatabaseUrl'), { max: 2, onnotice: () => {} });
  insertDb ??= drizzle(insertSql, { schema });
  return insertDb;
}

/** The row with Drizzle's property names instead of SQL column names. */
function byProperty<T extends PgTable>(table: T, row: SqlRow<T>): PgInsertValue<T> {
  const properties = new Map(Object.entries(getTableColumns(table)).map(([property, column]) => [column.name, property]));
  const entries = Object.entries(row).map(([name, value]) => {
    const property = properties.get(name);
    if (!property) throw new Error(`${getTableName(table)} has no column ${name}`);
    return [property, value];
  });
  return Object.fromEntries(entries) as PgInsertValue<T>;
}

/**
 * Inserts rows through Drizzle in one statement and returns the value of one of their columns (by SQL name), the
 * id by default, in the order of the rows.
 */
export async function insertRows<T extends PgTable>(table: T, rows: SqlRow<T>[], returning = 'id'): Promise<string[]> {
  const property = Object.entries(getTableColumns(table)).find(([, column]) => column.name === returning)?.[0];
  if (!property) throw new Error(`${getTableName(table)} has no column ${returning}`);
  if (rows.length === 0) return [];
  const inserted = (await ownerDrizzle()
    .insert(table)
    .values(rows.map((row) => byProperty(table, row)))
    .returning()
    // The driver's own error, as a raw insert throws it: tests read its code and constraint name.
    .catch((error: unknown) => {
      throw error instanceof DrizzleQueryError && error.cause ? error.cause : error;
    })) as Record<string, unknown>[];
  return inserted.map((row) => row[property] as string);
}

export async function insertRow<T extends PgTable>(table: T, row: SqlRow<T>, returning = 'id'): Promise<string> {
  const [value] = await insertRows(table, [row], returning);
  return value!;
}
