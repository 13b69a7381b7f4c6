import { BSON_STRING, decodeBsonString, encodeBsonString } from './bson-string';
import { FieldCryptoError } from './crypto-errors';
import { decryptAead, encryptAead, MIN_AEAD_LENGTH } from './fle1-aead';

// The payload of a MongoDB BinData subtype 6 value: subtype || key UUID || BSON type || IV || C || tag.
// Its first 18 bytes are also the AAD, so the key id and the value's type are authenticated.
const FLE1_RANDOM = 0x02;
const UUID_LENGTH = 16;
const HEADER_LENGTH = 1 + UUID_LENGTH + 1;

function uuidToBytes(uuid: string): Buffer {
  const hex = uuid.replaceAll('-', '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new RangeError('Not a UUID');
  return Buffer.from(hex, 'hex');
}

function bytesToUuid(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The 18-byte AAD of a -Random string value under the given data key. */
export function fieldAad(keyId: string): Buffer {
  return Buffer.concat([Buffer.of(FLE1_RANDOM), uuidToBytes(keyId), Buffer.of(BSON_STRING)]);
}

export function sealValue(dataKey: Buffer, keyId: string, plaintext: string): Buffer {
  const aad = fieldAad(keyId);
  return Buffer.concat([aad, encryptAead(dataKey, encodeBsonString(plaintext), aad)]);
}

/** The data key a stored value names, after checking the parts of the layout that need no key. */
export function readValueKeyId(value: Uint8Array): string {
  const bytes = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (bytes.length < HEADER_LENGTH + MIN_AEAD_LENGTH || bytes[0] !== FLE1_RANDOM || bytes[HEADER_LENGTH - 1] !== BSON_STRING) {
    throw new FieldCryptoError('MALFORMED_CIPHERTEXT', 'The value is not an FLE1 -Random encrypted string.');
  }
  return bytesToUuid(bytes.subarray(1, 1 + UUID_LENGTH));
}

export function openValue(dataKey: Buffer, keyId: string, value: Uint8Array): string {
  if (readValueKeyId(value) !== keyId.toLowerCase()) throw new FieldCryptoError('UNKNOWN_DATA_KEY', 'The value names another data key.');
  const bytes = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  const aad = bytes.subarray(0, HEADER_LENGTH);
  return decodeBsonString(decryptAead(dataKey, bytes.subarray(HEADER_LENGTH), aad));
}
