import type { Executor } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import type { EncryptedField } from './encrypted-fields';
import { type FieldEncryption, getFieldEncryption } from './field-encryption';
import { findOrCreateDataKey } from './find-or-create-data-key';
import { sealValue } from './encrypted-value';

/**
 * The bytes to store (bytea) for a sensitive field: FLE1 AEAD_AES_256_CBC_HMAC_SHA_512-Random under the tenant's
 * data key for that field, in MongoDB's BinData subtype 6 layout. Call inside the tenant's transaction.
 */
export async function encryptField(
  tx: Executor,
  ctx: Pick<RequestContext, 'organisationId'>,
  field: EncryptedField,
  plaintext: string,
  encryption: FieldEncryption = getFieldEncryption(),
): Promise<Buffer> {
  const { id, key } = await findOrCreateDataKey(tx, ctx.organisationId, field, encryption);
  return sealValue(key, id, plaintext);
}
