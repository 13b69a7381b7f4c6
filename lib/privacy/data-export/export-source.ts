import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '@/db/client';
import type { EncryptedField } from '@/lib/platform/crypto/encrypted-fields';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import type { ExportKind } from './export-document';

/** Whom an export is about: the person and every account of theirs in the tenant. */
export type ExportSubject = { organisationId: string; personId: string; userIds: string[] };

export type Row = Record<string, unknown>;

/** What the reader hands a source: the complete filter (tenant, subject, keyset), the order and the batch size. */
export type SourceQuery = { where: SQL | undefined; orderBy: SQL[]; limit: number; subject: ExportSubject };

/** Decrypts a sensitive field inside the batch's transaction; null stays null. */
export type Reveal = (field: EncryptedField, stored: unknown) => Promise<string | null>;

/**
 * How one kind of record is found and written: which rows are about the subject, the sort key they are read in
 * (keyset, a batch at a time), and the document item each row becomes.
 */
export type ExportSource = {
  kind: ExportKind;
  /** The table counted for the progress total, with its tenant column. */
  table: PgTable;
  tenantColumn: AnyPgColumn;
  subject: (subject: ExportSubject) => SQL | undefined;
  /** A unique sort key; each part's field name in the rows `read` returns and the cast its comparison needs. */
  key: readonly { column: AnyPgColumn; field: string; cast: 'timestamptz' | 'uuid' | 'bigint' }[];
  read: (tx: Tx, query: SourceQuery) => Promise<Row[]>;
  toItem: (row: Row, reveal: Reveal) => unknown;
};

export const iso = (value: unknown): string | null => (value instanceof Date ? value.toISOString() : value === null || value === undefined ? null : String(value));

function keyValue(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/** How many records of this kind the subject has: the progress bar's total is the sum. */
export async function countSource(tx: Tx, source: ExportSource, subject: ExportSubject): Promise<number> {
  const [row] = await tx
    .select({ total: count() })
    .from(source.table)
    .where(and(eq(source.tenantColumn, subject.organisationId), source.subject(subject)));
  return row?.total ?? 0;
}

/**
 * The subject's rows of one kind as document items, a batch at a time, each batch in its own short tenant
 * transaction: 10,000 records never sit in one query result, and no transaction stays open while the job
 * reports progress in between.
 */
export async function* readSourceBatches(db: Database, source: ExportSource, subject: ExportSubject, reveal: (tx: Tx) => Reveal, batchSize: number): AsyncGenerator<unknown[]> {
  const keyColumns = source.key.map(({ column }) => column);
  let after: Row | null = null;
  for (;;) {
    const last: Row | null = after;
    const keyset = last ? sql`(${sql.join(keyColumns, sql`, `)}) > (${sql.join(source.key.map(({ field, cast }) => sql`${keyValue(last[field])}::${sql.raw(cast)}`), sql`, `)})` : undefined;
    const where = and(eq(source.tenantColumn, subject.organisationId), source.subject(subject), keyset);
    const { rows, items } = await withTenant(db, subject.organisationId, async (tx) => {
      const batch = await source.read(tx, { where, orderBy: keyColumns.map((column) => asc(column)), limit: batchSize, subject });
      const open = reveal(tx);
      const mapped: unknown[] = [];
      for (const row of batch) mapped.push(await source.toItem(row, open));
      return { rows: batch, items: mapped };
    });
    if (items.length) yield items;
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!;
  }
}
