import type { Executor } from '@/db/client';
import { decryptField } from '@/lib/platform/crypto/decrypt-field';
import { encryptField } from '@/lib/platform/crypto/encrypt-field';
import type { FieldEncryption } from '@/lib/platform/crypto/field-encryption';

// The prepared file holds the subject's national identifier and medical records decrypted, so it rests in the
// database only as FLE1 ciphertext under the tenant's own data key, like those fields themselves. FLE1 seals
// strings; the file's bytes travel as base64.
export async function sealExportContent(tx: Executor, organisationId: string, file: Buffer, encryption?: FieldEncryption): Promise<Buffer> {
  return encryptField(tx, { organisationId }, 'dataExport.content', file.toString('base64'), encryption);
}

export async function openExportContent(tx: Executor, organisationId: string, stored: Buffer, encryption?: FieldEncryption): Promise<Buffer> {
  return Buffer.from(await decryptField(tx, { organisationId }, 'dataExport.content', stored, encryption), 'base64');
}
