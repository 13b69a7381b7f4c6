import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { encryptionDataKeys } from '@/db/schema';
import { FieldCryptoError } from './crypto-errors';
import type { EncryptedField } from './encrypted-fields';
import type { FieldEncryption } from './field-encryption';
import { unwrapDataKey } from './unwrap-data-key';

/**
 * The data key a stored value names, only if it is the tenant's key for that very field: a value copied from
 * another tenant or another column then fails instead of decrypting where it does not belong.
 */
export async function loadDataKey(tx: Executor, organisationId: string, field: EncryptedField, keyId: string, encryption: FieldEncryption): Promise<Buffer> {
  const [row] = await tx
    .select({
      id: encryptionDataKeys.id,
      fieldName: encryptionDataKeys.fieldName,
      wrappedKey: encryptionDataKeys.wrappedKey,
      masterKeyProvider: encryptionDataKeys.masterKeyProvider,
      masterKeyId: encryptionDataKeys.masterKeyId,
    })
    .from(encryptionDataKeys)
    .where(and(eq(encryptionDataKeys.organisationId, organisationId), eq(encryptionDataKeys.id, keyId)));
  if (!row) throw new FieldCryptoError('UNKNOWN_DATA_KEY', 'The value names a data key this organisation does not have.');
  if (row.fieldName !== field) throw new FieldCryptoError('DATA_KEY_FIELD_MISMATCH', `The value was encrypted for ${row.fieldName}, not ${field}.`);
  return unwrapDataKey(row, encryption);
}
