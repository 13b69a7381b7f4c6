import { gunzipSync } from 'node:zlib';
import { z } from 'zod';
import type { KeyRing } from '@/lib/platform/crypto/key-ring';
import { backupTables } from './backup-tables';
import { openFileSeal, openPart, SealHeader } from './backup-seal';
import { backupFileInvalid, backupFromNewerVersion } from './restore-errors';
import { BACKUP_FORMAT_VERSION, BackupManifest, MAX_BACKUP_FILE_BYTES } from './schemas';
import { SCHEMA_VERSION } from './schema-version';

export type BackupRow = Record<string, unknown>;
export type OpenedBackup = { manifest: BackupManifest; tables: Map<string, BackupRow[]> };

const Envelope = z.object({
  manifest: z.looseObject({ formatVersion: z.number().int() }),
  tables: z.record(z.string(), z.array(z.string())),
});
const SealedManifest = z.object({ seal: SealHeader, sealedManifest: z.string() });
const Rows = z.array(z.record(z.string(), z.unknown()));

function parseEnvelope(file: Buffer): z.infer<typeof Envelope> {
  let text: string;
  try {
    // Gzip's ratio is bounded in practice; the cap keeps a crafted file from filling the memory.
    text = gunzipSync(file, { maxOutputLength: 4 * MAX_BACKUP_FILE_BYTES }).toString('utf8');
  } catch {
    throw backupFileInvalid('not_a_backup');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw backupFileInvalid('not_a_backup');
  }
  const envelope = Envelope.safeParse(parsed);
  if (!envelope.success) throw backupFileInvalid('not_a_backup');
  return envelope.data;
}

/**
 * The backup's manifest and rows, checked before anything is written: a file that is not a backup, one made by
 * another deployment (its key does not unwrap) or by a newer version, and one whose parts do not add up to what
 * its sealed manifest counts are all refused in words.
 */
export async function readBackupFile(file: Buffer, keyRing: KeyRing): Promise<OpenedBackup> {
  const envelope = parseEnvelope(file);
  if (envelope.manifest.formatVersion < BACKUP_FORMAT_VERSION) throw backupFileInvalid('too_old');
  const sealed = SealedManifest.safeParse(envelope.manifest);
  if (!sealed.success) throw backupFileInvalid('not_a_backup');
  const seal = await openFileSeal(sealed.data.seal, keyRing);
  const manifest = BackupManifest.safeParse(openPart(seal, 'manifest', sealed.data.sealedManifest));
  if (!manifest.success) throw backupFileInvalid('damaged');
  if (manifest.data.formatVersion > BACKUP_FORMAT_VERSION || manifest.data.schemaVersion > SCHEMA_VERSION) {
    throw backupFromNewerVersion(manifest.data.schemaVersion, SCHEMA_VERSION);
  }
  const tables = new Map<string, BackupRow[]>();
  for (const spec of backupTables) {
    const rows: BackupRow[] = [];
    for (const [index, part] of (envelope.tables[spec.name] ?? []).entries()) {
      const batch = Rows.safeParse(openPart(seal, `${spec.name}/${index}`, part));
      if (!batch.success) throw backupFileInvalid('damaged');
      rows.push(...batch.data);
    }
    if (rows.length !== (manifest.data.rowCounts[spec.name] ?? 0)) throw backupFileInvalid('damaged');
    tables.set(spec.name, rows);
  }
  return { manifest: manifest.data, tables };
}
