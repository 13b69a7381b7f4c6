import { FieldCryptoError } from './crypto-errors';

/** BSON's type byte for a UTF-8 string, the only type the encrypted fields hold. */
export const BSON_STRING = 0x02;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** A BSON string value without type byte or field name: int32 LE length (incl. NUL) || UTF-8 || 0x00. */
export function encodeBsonString(value: string): Buffer {
  const utf8 = Buffer.from(value, 'utf8');
  const out = Buffer.alloc(4 + utf8.length + 1);
  out.writeInt32LE(utf8.length + 1, 0);
  utf8.copy(out, 4);
  return out;
}

export function decodeBsonString(bytes: Buffer): string {
  if (bytes.length < 5 || bytes.readInt32LE(0) !== bytes.length - 4 || bytes[bytes.length - 1] !== 0) {
    throw new FieldCryptoError('MALFORMED_CIPHERTEXT', 'The decrypted value is not a BSON string.');
  }
  try {
    return strictUtf8.decode(bytes.subarray(4, bytes.length - 1));
  } catch (error) {
    throw new FieldCryptoError('MALFORMED_CIPHERTEXT', 'The decrypted value is not valid UTF-8.', { cause: error });
  }
}
