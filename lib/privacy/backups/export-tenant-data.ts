import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '@/db/client';
import { organisations } from '@/db/schema';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { type BackupTable, backupTables } from './backup-tables';
import { BACKUP_FORMAT_VERSION } from './schemas';

export type TenantExport = { content: Buffer; rowCounts: Record<string, number> };

type Row = Record<string, unknown>;

// Rows are read, serialised and compressed a batch at a time, so memory holds one batch and the
// compressed output, never a whole table: a tenant with 100,000 assets exports in constant working space.
const BATCH_SIZE = 1000;

// Binary columns (photos) become base64 strings; JSON.stringify would otherwise write them as arrays of numbers.
function serialise(value: unknown): string {
  return JSON.stringify(value, function replace(this: Record<string, unknown>, key: string, item: unknown) {
    const raw = this[key];
    if (Buffer.isBuffer(raw)) return raw.toString('base64');
    return typeof item === 'bigint' ? item.toString() : item;
  });
}

function keyValue(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

async function* tableBatches(tx: Tx, spec: BackupTable, organisationId: string): AsyncGenerator<Row[]> {
  const keyColumns = spec.key.map(({ field }) => spec.columns[field]!);
  const batchSize = spec.batchSize ?? BATCH_SIZE;
  let after: Row | null = null;
  for (;;) {
    const conditions: SQL[] = [eq(spec.tenantColumn, organisationId)];
    if (after) {
      const last = after;
      const values = spec.key.map(({ field, cast }) => sql`${keyValue(last[field])}::${sql.raw(cast)}`);
      conditions.push(sql`(${sql.join(keyColumns, sql`, `)}) > (${sql.join(values, sql`, `)})`);
    }
    const rows: Row[] = await tx
      .select(spec.columns)
      .from(spec.table)
      .where(and(...conditions))
      .orderBy(...keyColumns.map((column) => asc(column)))
      .limit(batchSize);
    if (rows.length) yield rows;
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!;
  }
}

async function* exportDocument(tx: Tx, organisationId: string, manifest: Row, rowCounts: Record<string, number>): AsyncGenerator<string> {
  yield `{"manifest":${serialise(manifest)},"tables":{`;
  for (const [index, spec] of backupTables.entries()) {
    yield `${index ? ',' : ''}${serialise(spec.name)}:[`;
    let written = 0;
    for await (const rows of tableBatches(tx, spec, organisationId)) {
      const batch = spec.redact ? await spec.redact(tx, organisationId, rows) : rows;
      yield (written ? ',' : '') + batch.map(serialise).join(',');
      written += batch.length;
    }
    // The snapshot is repeatable, so a difference means the export is wrong, not that data changed.
    if (written !== rowCounts[spec.name]) throw new Error(`Exported ${written} rows of ${spec.name}, counted ${rowCounts[spec.name]}`);
    yield ']';
  }
  yield '}}';
}

/**
 * The tenant's data as gzipped JSON `{ manifest, tables }`, read under the tenant's RLS context in one
 * read-only, repeatable-read snapshot, so the counts in the manifest and the rows agree across tables.
 */
export async function exportTenantData(db: Database, organisationId: string, createdAt: Date): Promise<TenantExport> {
  return withTenant(
    db,
    organisationId,
    async (tx) => {
      const [organisation] = await tx
        .select({ id: organisations.id, slug: organisations.slug, name: organisations.name })
        .from(organisations)
        .where(eq(organisations.id, organisationId));
      if (!organisation) throw new Error(`Organisation ${organisationId} is not visible`);
      const rowCounts: Record<string, number> = {};
      for (const spec of backupTables) {
        const [counted] = await tx.select({ total: count() }).from(spec.table).where(eq(spec.tenantColumn, organisationId));
        rowCounts[spec.name] = counted?.total ?? 0;
      }
      const manifest = { formatVersion: BACKUP_FORMAT_VERSION, organisation, createdAt: createdAt.toISOString(), rowCounts };
      const chunks: Buffer[] = [];
      await pipeline(Readable.from(exportDocument(tx, organisationId, manifest, rowCounts)), createGzip(), async (compressed: AsyncIterable<Buffer>) => {
        for await (const chunk of compressed) chunks.push(chunk);
      });
      return { content: Buffer.concat(chunks), rowCounts };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
