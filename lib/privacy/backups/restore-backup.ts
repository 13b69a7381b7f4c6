import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import type { RequestContext } from '@/lib/platform/core/context';
import { FieldCryptoError } from '@/lib/platform/crypto/crypto-errors';
import type { FieldEncryption } from '@/lib/platform/crypto/field-encryption';
import type { LedgerDatabase } from '@/lib/privacy/erasure/deletion-ledger';
import { backupTables } from './backup-tables';
import { checkRestoreTarget } from './check-restore-target';
import { type BackupRow, readBackupFile } from './read-backup-file';
import { createIdMap } from './remap-ids';
import { replayBackupLedger } from './replay-backup-ledger';
import { backupFromAnotherDeployment } from './restore-errors';
import { insertRestoredRows, readTableColumns, type SourceKeys } from './restore-rows';
import type { RestoreResult } from './schemas';

export type RestoreDeps = { encryption: FieldEncryption; ledger: LedgerDatabase; secret: string };

// The organisation's own settings; its identity (name, address, custom domain, registry link, plan) stays the target's.
const restoredSettings = ['branding', 'loan_policy', 'audit_retention_days', 'default_retention_days', 'legal_contact_email'];
// Not inserted as rows: the organisation row is the target's own, and the data keys are replaced by the target's.
const notInserted = new Set(['organisations', 'encryption_data_keys']);

async function unwrapSourceKeys(rows: BackupRow[], encryption: FieldEncryption): Promise<SourceKeys> {
  const keys: SourceKeys = new Map();
  for (const row of rows) {
    try {
      const wrapped = Buffer.from(String(row.wrapped_key).slice(2), 'hex');
      const key = await encryption.keyRing.unwrap({ wrapped, provider: row.master_key_provider as 'local' | 'aws-kms', masterKeyId: String(row.master_key_id) });
      keys.set(String(row.id), { field: String(row.field_name), key });
    } catch (error) {
      if (error instanceof FieldCryptoError) throw backupFromAnotherDeployment();
      throw error;
    }
  }
  return keys;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every id of the backup's rows, so ids inside text and JSON are renamed only when they name one of them. */
function knownIds(tables: Map<string, BackupRow[]>): Set<string> {
  const known = new Set<string>();
  for (const rows of tables.values()) for (const row of rows) if (typeof row.id === 'string' && uuidPattern.test(row.id)) known.add(row.id.toLowerCase());
  return known;
}

/**
 * Restores a backup file into the caller's organisation, which must be empty (check-restore-target.ts), in the
 * caller's transaction: all of it or nothing. Every id is renamed (remap-ids.ts), encrypted fields are encrypted
 * again under this organisation's keys, the organisation takes the backup's settings, the deletion ledger is
 * replayed for the backup's people, and the restore is audited.
 */
export async function restoreBackup(tx: Tx, ctx: RequestContext, file: Buffer, deps: RestoreDeps): Promise<RestoreResult> {
  const backup = await readBackupFile(file, deps.encryption.keyRing);
  const target = await checkRestoreTarget(tx, ctx);
  const keys = await unwrapSourceKeys(backup.tables.get('encryption_data_keys') ?? [], deps.encryption);
  const sourceOrganisationId = backup.manifest.organisation.id;

  // The restoring admin may hold an account of the source organisation under the same sign-in: that account is theirs.
  const fixed = new Map([[sourceOrganisationId, ctx.organisationId]]);
  const ownAccount = (backup.tables.get('users') ?? []).find((user) => user.idp_subject === target.idpSubject);
  if (ownAccount) {
    fixed.set(String(ownAccount.id), target.userId);
    fixed.set(String(ownAccount.person_id), target.personId);
  }
  const restoreId = randomUUID();
  const ids = createIdMap(restoreId, knownIds(backup.tables), fixed);
  const columns = await readTableColumns(tx, backupTables.map((spec) => spec.name));

  const rowCounts: Record<string, number> = {};
  for (const spec of backupTables) {
    if (notInserted.has(spec.name)) continue;
    let rows = backup.tables.get(spec.name) ?? [];
    if (ownAccount && spec.name === 'users') rows = rows.filter((row) => row.id !== ownAccount.id);
    if (ownAccount && spec.name === 'persons') rows = rows.filter((row) => row.id !== ownAccount.person_id);
    if (spec.name === 'audit_log') rows = [...rows].sort((a, b) => Number(a.id) - Number(b.id));
    rowCounts[spec.name] = await insertRestoredRows(tx, ctx, spec, rows, { columns, ids, keys, encryption: deps.encryption });
  }

  const [source] = backup.tables.get('organisations') ?? [];
  if (source) {
    const settings = Object.fromEntries(restoredSettings.map((column) => [column, ids.json(source[column] ?? null)]));
    const list = sql.raw(restoredSettings.map((column) => `"${column}"`).join(', '));
    await tx.execute(sql`
      update organisations set (${list}) = (select ${list} from jsonb_populate_record(null::organisations, ${JSON.stringify(settings)}::jsonb)), updated_at = ${ctx.now.toISOString()}::timestamptz
      where id = ${ctx.organisationId}::uuid`);
  }

  const persons = new Map((backup.tables.get('persons') ?? []).map((row) => [String(row.id), ids.id(String(row.id))]));
  const erasedSubjects = await replayBackupLedger(tx, ctx, { ledger: deps.ledger, secret: deps.secret, restoreId, sourceOrganisationId, persons });

  const result: RestoreResult = {
    sourceOrganisation: { name: backup.manifest.organisation.name, slug: backup.manifest.organisation.slug },
    backupCreatedAt: backup.manifest.createdAt,
    rowCounts,
    erasedSubjects,
  };
  await recordAudit(tx, ctx, {
    action: 'BACKUP_RESTORED',
    targetType: 'ORGANISATION',
    targetId: ctx.organisationId,
    metadata: { restoreId, sourceOrganisationId, backupCreatedAt: result.backupCreatedAt, rowCounts, erasedSubjects },
  });
  return result;
}
