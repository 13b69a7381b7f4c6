import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import { FieldCryptoError } from '@/lib/platform/crypto/crypto-errors';
import { encryptField } from '@/lib/platform/crypto/encrypt-field';
import { openValue, readValueKeyId } from '@/lib/platform/crypto/encrypted-value';
import type { FieldEncryption } from '@/lib/platform/crypto/field-encryption';
import type { BackupTable } from './backup-tables';
import { backupFileInvalid } from './restore-errors';
import type { BackupRow } from './read-backup-file';
import type { IdMap } from './remap-ids';

type ColumnKind = 'uuid' | 'uuid[]' | 'text' | 'jsonb' | 'other';
/** The target database's columns per table: what can be inserted (no generated or identity column) and its kind. */
export type TableColumns = Map<string, Map<string, ColumnKind>>;
/** The backup's data keys, unwrapped, by id, with the field each encrypts. */
export type SourceKeys = Map<string, { field: string; key: Buffer }>;

export async function readTableColumns(tx: Tx, tables: readonly string[]): Promise<TableColumns> {
  const rows = rowsOf<{ table_name: string; column_name: string; udt_name: string }>(
    await tx.execute(sql`
      select table_name, column_name, udt_name from information_schema.columns
      where table_schema = 'public' and is_generated = 'NEVER' and is_identity = 'NO'
        and table_name in (select jsonb_array_elements_text(${JSON.stringify(tables)}::jsonb))`),
  );
  const kinds: Record<string, ColumnKind> = { uuid: 'uuid', _uuid: 'uuid[]', text: 'text', jsonb: 'jsonb' };
  const columns: TableColumns = new Map();
  for (const row of rows) {
    const table = columns.get(row.table_name) ?? new Map<string, ColumnKind>();
    table.set(row.column_name, kinds[row.udt_name] ?? 'other');
    columns.set(row.table_name, table);
  }
  return columns;
}

const hexBytes = (value: unknown): Buffer => {
  if (typeof value !== 'string' || !value.startsWith('\\x')) throw backupFileInvalid('damaged');
  return Buffer.from(value.slice(2), 'hex');
};

/** Opens a value with the backup's data key and seals it again under the target organisation's key for the field. */
async function reEncrypt(tx: Tx, ctx: RequestContext, value: unknown, keys: SourceKeys, field: string, encryption: FieldEncryption): Promise<string> {
  const stored = hexBytes(value);
  let plaintext: string;
  try {
    const keyId = readValueKeyId(stored);
    const source = keys.get(keyId);
    if (!source || source.field !== field) throw backupFileInvalid('damaged');
    plaintext = openValue(source.key, keyId, stored);
  } catch (error) {
    if (error instanceof FieldCryptoError) throw backupFileInvalid('damaged');
    throw error;
  }
  const sealed = await encryptField(tx, ctx, field as Parameters<typeof encryptField>[2], plaintext, encryption);
  return `\\x${sealed.toString('hex')}`;
}

async function restoredRow(tx: Tx, ctx: RequestContext, spec: BackupTable, row: BackupRow, kinds: Map<string, ColumnKind>, ids: IdMap, keys: SourceKeys, encryption: FieldEncryption) {
  const out: BackupRow = {};
  for (const [column, value] of Object.entries(row)) {
    const kind = kinds.get(column);
    if (!kind) continue;
    const field = spec.encryptedColumns?.[column];
    if (value === null) out[column] = null;
    else if (column === 'organisation_id') out[column] = ctx.organisationId;
    else if (field) out[column] = await reEncrypt(tx, ctx, value, keys, field, encryption);
    else if (kind === 'uuid') out[column] = ids.id(String(value));
    else if (kind === 'uuid[]') out[column] = (value as string[]).map((item) => ids.id(item));
    else if (kind === 'text' && typeof value === 'string') out[column] = ids.text(value);
    else if (kind === 'jsonb') out[column] = ids.json(value);
    else out[column] = value;
  }
  return out;
}

/** Parents before children, for a table whose rows name other rows of it (activities and their sub-activities). */
function parentsFirst(rows: BackupRow[], parentColumn: string): BackupRow[] {
  const pending = new Map(rows.map((row) => [String(row.id), row]));
  const ordered: BackupRow[] = [];
  const visit = (row: BackupRow) => {
    if (!pending.delete(String(row.id))) return;
    const parent = row[parentColumn];
    const parentRow = typeof parent === 'string' ? pending.get(parent) : undefined;
    if (parentRow) visit(parentRow);
    ordered.push(row);
  };
  for (const row of rows) visit(row);
  return ordered;
}

// Few enough that one statement's JSON parameter stays well below PostgreSQL's limits, photos included.
const ROWS_PER_INSERT = 200;

/** Inserts one table's rows, renamed and re-encrypted, through jsonb_populate_recordset: PostgreSQL reads each value as its column's type. */
export async function insertRestoredRows(
  tx: Tx,
  ctx: RequestContext,
  spec: BackupTable,
  rows: BackupRow[],
  deps: { columns: TableColumns; ids: IdMap; keys: SourceKeys; encryption: FieldEncryption },
): Promise<number> {
  const kinds = deps.columns.get(spec.name);
  if (!kinds || rows.length === 0) return 0;
  const ordered = spec.parentColumn ? parentsFirst(rows, spec.parentColumn) : rows;
  const table = sql.raw(`"${spec.name}"`);
  for (let start = 0; start < ordered.length; start += ROWS_PER_INSERT) {
    const batch: BackupRow[] = [];
    for (const row of ordered.slice(start, start + ROWS_PER_INSERT)) batch.push(await restoredRow(tx, ctx, spec, row, kinds, deps.ids, deps.keys, deps.encryption));
    const present = [...kinds.keys()].filter((column) => batch.some((row) => column in row));
    const list = sql.raw(present.map((column) => `"${column}"`).join(', '));
    await tx.execute(sql`insert into ${table} (${list}) select ${list} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(batch)}::jsonb)`);
  }
  return rows.length;
}
