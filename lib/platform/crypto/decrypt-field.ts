import type { Executor } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import type { EncryptedField } from './encrypted-fields';
import { openValue, readValueKeyId } from './encrypted-value';
import { type FieldEncryption, getFieldEncryption } from './field-encryption';
import { loadDataKey } from './load-data-key';

/** The plaintext of a value stored by encryptField; any tampering or foreign key throws FieldCryptoError. */
export async function decryptField(
  tx: Executor,
  ctx: Pick<RequestContext, 'organisationId'>,
  field: EncryptedField,
  stored: Uint8Array,
  encryption: FieldEncryption = getFieldEncryption(),
): Promise<string> {
  const keyId = readValueKeyId(stored);
  const key = await loadDataKey(tx, ctx.organisationId, field, keyId, encryption);
  return openValue(key, keyId, stored);
}
