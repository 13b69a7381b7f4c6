import type { encryptionDataKeys } from '@/db/schema';
import type { FieldEncryption } from './field-encryption';

export type DataKeyRow = Pick<typeof encryptionDataKeys.$inferSelect, 'id' | 'wrappedKey' | 'masterKeyProvider' | 'masterKeyId'>;

/** PGlite hands bytea over as a Uint8Array, postgres.js as a Buffer. */
export function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export async function unwrapDataKey(row: DataKeyRow, { keyRing, cache }: FieldEncryption): Promise<Buffer> {
  const cached = cache.get(row.id);
  if (cached) return cached;
  const key = await keyRing.unwrap({ wrapped: toBuffer(row.wrappedKey), provider: row.masterKeyProvider, masterKeyId: row.masterKeyId });
  cache.set(row.id, key);
  return key;
}
