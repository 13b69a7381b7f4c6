import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type Tx } from '@/db/client';
import type { KeyRing } from '@/lib/platform/crypto/key-ring';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { type BackupTable, backupTables } from './backup-tables';
import { createFileSeal, type FileSeal, sealPart } from './backup-seal';
import { BACKUP_FORMAT_VERSION, type BackupManifest } from './schemas';
import { SCHEMA_VERSION } from './schema-version';

export type TenantExport = { content: Buffer; rowCounts: Record<string, number> };

type Row = Record<string, unknown>;

// Rows are read, sealed and compressed a batch at a time, so memory holds one batch and the compressed output,
// never a whole table: a tenant with 100,000 assets exports in constant working space.
const BATCH_SIZE = 1000;
// Photos are up to 5 MB each.
const PHOTO_BATCH_SIZE = 20;

const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

/**
 * The listed columns of one batch, as PostgreSQL writes them in JSON (bytea as \x hex, timestamps with their
 * offset), which is also what jsonb_populate_recordset reads back on restore. The snapshot is repeatable and
 * read-only, so the physical row order (ctid) is a stable keyset.
 */
async function* tableBatches(tx: Tx, spec: BackupTable, organisationId: string): AsyncGenerator<Row[]> {
  const batchSize = spec.name === 'asset_photos' ? PHOTO_BATCH_SIZE : BATCH_SIZE;
  const columns = sql.join(spec.columns.map(ident), sql`, `);
  let after = '(0,0)';
  for (;;) {
    const result = await tx.execute(sql`
      select to_jsonb(page) - '_ctid' as row, page._ctid::text as ctid
      from (select ctid as _ctid, ${columns} from ${ident(spec.name)}
            where ${ident(spec.tenantColumn)} = ${organisationId}::uuid and ctid > ${after}::tid
            order by ctid limit ${batchSize}) page
      order by page._ctid`);
    const rows = rowsOf<{ row: Row; ctid: string }>(result);
    if (rows.length) yield rows.map(({ row }) => row);
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.ctid;
  }
}

async function countRows(tx: Tx, spec: BackupTable, organisationId: string): Promise<number> {
  const result = await tx.execute(sql`select count(*)::int as total from ${ident(spec.name)} where ${ident(spec.tenantColumn)} = ${organisationId}::uuid`);
  return rowsOf<{ total: number }>(result)[0]?.total ?? 0;
}

async function* exportDocument(tx: Tx, organisationId: string, seal: FileSeal, manifest: BackupManifest): AsyncGenerator<string> {
  // The manifest in clear says what the file is; its sealed copy is the one a restore trusts.
  yield `{"manifest":${JSON.stringify({ ...manifest, seal: seal.header, sealedManifest: sealPart(seal, 'manifest', manifest) })},"tables":{`;
  for (const [index, spec] of backupTables.entries()) {
    yield `${index ? ',' : ''}${JSON.stringify(spec.name)}:[`;
    let written = 0;
    let batches = 0;
    for await (const rows of tableBatches(tx, spec, organisationId)) {
      yield (batches ? ',' : '') + JSON.stringify(sealPart(seal, `${spec.name}/${batches}`, rows));
      batches += 1;
      written += rows.length;
    }
    // The snapshot is repeatable, so a difference means the export is wrong, not that data changed.
    if (written !== manifest.rowCounts[spec.name]) throw new Error(`Exported ${written} rows of ${spec.name}, counted ${manifest.rowCounts[spec.name]}`);
    yield ']';
  }
  yield '}}';
}

/**
 * The tenant's data as gzipped JSON `{ manifest, tables }`, every table of backup-tables.ts sealed in batches
 * (backup-seal.ts), read under the tenant's RLS context in one read-only, repeatable-read snapshot, so the counts
 * in the manifest and the rows agree across tables.
 */
export async function exportTenantData(db: Database, organisationId: string, createdAt: Date, keyRing: KeyRing): Promise<TenantExport> {
  const seal = await createFileSeal(keyRing);
  return withTenant(
    db,
    organisationId,
    async (tx) => {
      const [organisation] = rowsOf<BackupManifest['organisation']>(await tx.execute(sql`select id, slug, name from organisations where id = ${organisationId}::uuid`));
      if (!organisation) throw new Error(`Organisation ${organisationId} is not visible`);
      const rowCounts: Record<string, number> = {};
      for (const spec of backupTables) rowCounts[spec.name] = await countRows(tx, spec, organisationId);
      const manifest: BackupManifest = { formatVersion: BACKUP_FORMAT_VERSION, schemaVersion: SCHEMA_VERSION, organisation, createdAt: createdAt.toISOString(), rowCounts };
      const chunks: Buffer[] = [];
      await pipeline(Readable.from(exportDocument(tx, organisationId, seal, manifest)), createGzip(), async (compressed: AsyncIterable<Buffer>) => {
        for await (const chunk of compressed) chunks.push(chunk);
      });
      return { content: Buffer.concat(chunks), rowCounts };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
