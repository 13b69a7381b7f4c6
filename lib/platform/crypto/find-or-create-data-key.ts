import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { encryptionDataKeys } from '@/db/schema';
import type { EncryptedField } from './encrypted-fields';
import type { FieldEncryption } from './field-encryption';
import { DATA_KEY_LENGTH } from './fle1-aead';
import { type DataKeyRow, unwrapDataKey } from './unwrap-data-key';

export type DataKey = { id: string; key: Buffer };

const keyColumns = {
  id: encryptionDataKeys.id,
  wrappedKey: encryptionDataKeys.wrappedKey,
  masterKeyProvider: encryptionDataKeys.masterKeyProvider,
  masterKeyId: encryptionDataKeys.masterKeyId,
};

async function findRow(tx: Executor, organisationId: string, field: EncryptedField): Promise<DataKeyRow | undefined> {
  const [row] = await tx
    .select(keyColumns)
    .from(encryptionDataKeys)
    .where(and(eq(encryptionDataKeys.organisationId, organisationId), eq(encryptionDataKeys.fieldName, field)));
  return row;
}

/**
 * The tenant's data key for a field, created on first use. Two first uses at once both generate a key, but the
 * unique (organisation, field) index lets one insert win and the other reads the winner's key.
 */
export async function findOrCreateDataKey(tx: Executor, organisationId: string, field: EncryptedField, encryption: FieldEncryption): Promise<DataKey> {
  const existing = await findRow(tx, organisationId, field);
  if (existing) return { id: existing.id, key: await unwrapDataKey(existing, encryption) };
  const key = randomBytes(DATA_KEY_LENGTH);
  const { wrapped, provider, masterKeyId } = await encryption.keyRing.wrap(key);
  const [created] = await tx
    .insert(encryptionDataKeys)
    .values({ organisationId, fieldName: field, wrappedKey: wrapped, masterKeyProvider: provider, masterKeyId })
    .onConflictDoNothing({ target: [encryptionDataKeys.organisationId, encryptionDataKeys.fieldName] })
    .returning({ id: encryptionDataKeys.id });
  if (created) return { id: created.id, key };
  const winner = await findRow(tx, organisationId, field);
  if (!winner) throw new Error(`The data key of ${field} vanished while it was being created`);
  return { id: winner.id, key: await unwrapDataKey(winner, encryption) };
}
