import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { FieldCryptoError } from './crypto-errors';

// AEAD_AES_256_CBC_HMAC_SHA_512 as MongoDB FLE1 uses it (shared/reference/fle1-aead.md): a 96-byte key
// whose bytes 0-31 are the MAC key and 32-63 the AES-256 key (64-95 serve only the -Deterministic IV).
export const DATA_KEY_LENGTH = 96;
const MAC_KEY = [0, 32] as const;
const ENC_KEY = [32, 64] as const;
const IV_LENGTH = 16;
const TAG_LENGTH = 32;
const BLOCK = 16;
/** IV, one padding block at least, tag. */
export const MIN_AEAD_LENGTH = IV_LENGTH + BLOCK + TAG_LENGTH;

function assertKey(key: Buffer): void {
  if (key.length !== DATA_KEY_LENGTH) throw new RangeError(`A FLE1 key is ${DATA_KEY_LENGTH} bytes, got ${key.length}`);
}

function tagOf(key: Buffer, aad: Buffer, iv: Buffer, ciphertext: Buffer): Buffer {
  const al = Buffer.alloc(8);
  al.writeBigUInt64BE(BigInt(aad.length) * 8n);
  return createHmac('sha512', key.subarray(...MAC_KEY)).update(aad).update(iv).update(ciphertext).update(al).digest().subarray(0, TAG_LENGTH);
}

/**
 * -Random: IV || AES-256-CBC(PKCS#7) || first 32 bytes of HMAC-SHA-512(AAD || IV || C || AL).
 * `fixedIv` exists so tests can reproduce the published vectors; production callers never pass it.
 */
export function encryptAead(key: Buffer, plaintext: Buffer, aad: Buffer, fixedIv?: Buffer): Buffer {
  assertKey(key);
  const iv = fixedIv ?? randomBytes(IV_LENGTH);
  if (iv.length !== IV_LENGTH) throw new RangeError(`The IV is ${IV_LENGTH} bytes`);
  const cipher = createCipheriv('aes-256-cbc', key.subarray(...ENC_KEY), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, ciphertext, tagOf(key, aad, iv, ciphertext)]);
}

/** Checks the tag in constant time before any decryption, so tampered input never yields bytes. */
export function decryptAead(key: Buffer, data: Buffer, aad: Buffer): Buffer {
  assertKey(key);
  if (data.length < MIN_AEAD_LENGTH || (data.length - IV_LENGTH - TAG_LENGTH) % BLOCK !== 0) {
    throw new FieldCryptoError('MALFORMED_CIPHERTEXT', 'The ciphertext has an impossible length.');
  }
  const iv = data.subarray(0, IV_LENGTH);
  const ciphertext = data.subarray(IV_LENGTH, data.length - TAG_LENGTH);
  const tag = data.subarray(data.length - TAG_LENGTH);
  if (!timingSafeEqual(tag, tagOf(key, aad, iv, ciphertext))) {
    throw new FieldCryptoError('AUTHENTICATION_FAILED', 'The ciphertext failed authentication.');
  }
  try {
    const decipher = createDecipheriv('aes-256-cbc', key.subarray(...ENC_KEY), iv);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  } catch (error) {
    // Unreachable with an authentic tag unless the key itself is inconsistent; still never return garbage.
    throw new FieldCryptoError('AUTHENTICATION_FAILED', 'The ciphertext could not be decrypted.', { cause: error });
  }
}
