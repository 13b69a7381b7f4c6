import { createHash } from 'node:crypto';
import { FieldCryptoError } from './crypto-errors';
import { DATA_KEY_LENGTH, decryptAead, encryptAead } from './fle1-aead';
import type { KeyProvider } from './key-provider';

const NO_AAD = Buffer.alloc(0);

/** Names a local master key without revealing it: a truncated SHA-256 of a 768-bit random secret. */
export function localMasterKeyId(masterKey: Buffer): string {
  return createHash('sha256').update('quartermaster/fle1-local-master-key').update(masterKey).digest('hex').slice(0, 32);
}

/** libmongocrypt's "local" KMS: the data key is wrapped with the same FLE1 AEAD under the master key, empty AAD. */
export function createLocalKeyProvider(masterKey: Buffer): KeyProvider {
  if (masterKey.length !== DATA_KEY_LENGTH) throw new RangeError(`A local master key is ${DATA_KEY_LENGTH} bytes`);
  const key = Buffer.from(masterKey);
  const id = localMasterKeyId(key);
  return {
    name: 'local',
    canUnwrap: (masterKeyId) => masterKeyId === id,
    wrapKey: async (plain) => ({ wrapped: encryptAead(key, plain, NO_AAD), masterKeyId: id }),
    unwrapKey: async (wrapped, masterKeyId) => {
      if (masterKeyId !== id) throw new FieldCryptoError('MASTER_KEY_UNAVAILABLE', `Local master key ${masterKeyId} is not configured.`);
      const plain = decryptAead(key, wrapped, NO_AAD);
      if (plain.length !== DATA_KEY_LENGTH) throw new FieldCryptoError('MALFORMED_CIPHERTEXT', 'The unwrapped data key has the wrong length.');
      return plain;
    },
  };
}
