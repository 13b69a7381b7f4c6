import { createHmac, hkdfSync } from 'node:crypto';
import type { Executor } from '@/db/client';
import type { FieldEncryption } from '@/lib/platform/crypto/field-encryption';
import { getFieldEncryption } from '@/lib/platform/crypto/field-encryption';
import { findOrCreateDataKey } from '@/lib/platform/crypto/find-or-create-data-key';

export type IdentifierDigester = (value: string | null) => string | null;

/**
 * A keyed hash of national identifiers for one tenant, so the merge base (persons.registry_base) can tell
 * whether the registry's identifier changed without holding it in plaintext. The key is derived from the
 * tenant's own data key of the field (HKDF), so it lives and dies with that key and a digest says nothing
 * outside the tenant.
 */
export async function createIdentifierDigester(tx: Executor, organisationId: string, encryption: FieldEncryption = getFieldEncryption()): Promise<IdentifierDigester> {
  const { key } = await findOrCreateDataKey(tx, organisationId, 'person.identifierNational', encryption);
  const digestKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'quartermaster registry base: identifierNational', 32));
  return (value) => (value === null ? null : `hmac-sha256:${createHmac('sha256', digestKey).update(value, 'utf8').digest('hex')}`);
}
