import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeBsonString, encodeBsonString } from '@/lib/platform/crypto/bson-string';
import { fieldAad, openValue, readValueKeyId, sealValue } from '@/lib/platform/crypto/encrypted-value';
import { webCryptoOpenString } from '../../../support/fle1-webcrypto';
import { vectorB } from './fle1-vectors';

const keyId = '6f1d3c52-8a0e-4b7e-9c1a-2d3e4f506172';
const key = randomBytes(96);

function flipped(data: Buffer, index: number): Buffer {
  const copy = Buffer.from(data);
  copy[index]! ^= 0x01;
  return copy;
}

describe('BSON string values', () => {
  it('encodes as int32 LE length incl. NUL, UTF-8, NUL', () => {
    expect(encodeBsonString('mongodb').toString('hex')).toBe(vectorB.pt.toString('hex'));
    expect(encodeBsonString('').toString('hex')).toBe('0100000000');
    expect(encodeBsonString('é').toString('hex')).toBe('03000000c3a900');
    expect(decodeBsonString(vectorB.pt)).toBe('mongodb');
  });

  it('refuses bytes that are not exactly one BSON string', () => {
    for (const bad of ['0800000061', '020000006100ff', '0200000061ff', '03000000c3a8', '02000000ff00']) {
      expect(() => decodeBsonString(Buffer.from(bad, 'hex'))).toThrow(expect.objectContaining({ code: 'MALFORMED_CIPHERTEXT' }));
    }
  });
});

describe('stored value layout (BinData subtype 6 payload)', () => {
  it('is subtype 0x02 || key UUID || type 0x02 || IV || C || tag, and the first 18 bytes are the AAD', () => {
    const stored = sealValue(key, keyId, 'mongodb');
    expect(stored[0]).toBe(0x02);
    expect(stored.subarray(1, 17).toString('hex')).toBe(keyId.replaceAll('-', ''));
    expect(stored[17]).toBe(0x02);
    expect(stored.subarray(0, 18).equals(fieldAad(keyId))).toBe(true);
    // 12 bytes of BSON pad to one block: header 18 + IV 16 + C 16 + tag 32.
    expect(stored).toHaveLength(18 + 16 + 16 + 32);
    expect(readValueKeyId(stored)).toBe(keyId);
  });

  it('builds vector B\'s AAD from its key UUID, and opens vector B\'s value stored in the layout', () => {
    expect(fieldAad(vectorB.keyId).equals(vectorB.aad)).toBe(true);
    const stored = Buffer.concat([vectorB.aad, vectorB.out]);
    expect(readValueKeyId(stored)).toBe(vectorB.keyId);
    expect(openValue(vectorB.key, vectorB.keyId, stored)).toBe('mongodb');
  });

  it.each(['', 'mongodb', 'Zoë Ångström — 山田太郎 🏳️‍🌈', 'a'.repeat(5000), 'with\u0000nul'])('round-trips %j', (text) => {
    const stored = sealValue(key, keyId, text);
    expect(openValue(key, keyId, stored)).toBe(text);
    expect(text === '' || !stored.includes(Buffer.from(text))).toBe(true);
  });

  it('draws a new IV for each value, so equal plaintexts never look equal', () => {
    const values = Array.from({ length: 20 }, () => sealValue(key, keyId, '1985-04-12-0042'));
    expect(new Set(values.map((v) => v.subarray(18, 34).toString('hex'))).size).toBe(20);
    expect(new Set(values.map((v) => v.toString('hex'))).size).toBe(20);
  });

  it.each([
    ['the subtype byte', 0, 'MALFORMED_CIPHERTEXT'],
    ['the key UUID', 5, 'UNKNOWN_DATA_KEY'],
    ['the BSON type byte', 17, 'MALFORMED_CIPHERTEXT'],
    ['the IV', 20, 'AUTHENTICATION_FAILED'],
    ['the ciphertext', 40, 'AUTHENTICATION_FAILED'],
    ['the tag', 81, 'AUTHENTICATION_FAILED'],
  ])('refuses a value with a bit flipped in %s', (_part, index, code) => {
    const stored = sealValue(key, keyId, 'mongodb');
    expect(() => openValue(key, keyId, flipped(stored, index))).toThrow(expect.objectContaining({ name: 'FieldCryptoError', code }));
  });

  it('refuses a value whose key UUID was rewritten to the key that opens it (the UUID is authenticated)', () => {
    const other = '00000000-0000-4000-8000-000000000001';
    const stored = sealValue(key, keyId, 'mongodb');
    const relabelled = Buffer.concat([fieldAad(other), stored.subarray(18)]);
    expect(readValueKeyId(relabelled)).toBe(other);
    expect(() => openValue(key, other, relabelled)).toThrow(expect.objectContaining({ code: 'AUTHENTICATION_FAILED' }));
  });

  it('refuses truncated values', () => {
    const stored = sealValue(key, keyId, 'mongodb');
    for (const length of [0, 17, 18, 81, stored.length - 1]) {
      expect(() => openValue(key, keyId, stored.subarray(0, length))).toThrow(expect.objectContaining({ name: 'FieldCryptoError' }));
    }
  });

  it('is read by an independent WebCrypto implementation', async () => {
    for (const text of ['', 'mongodb', 'Zoë 山田 🏳️‍🌈']) {
      expect(await webCryptoOpenString(key, sealValue(key, keyId, text))).toEqual({ keyId, value: text });
    }
    expect(await webCryptoOpenString(vectorB.key, Buffer.concat([vectorB.aad, vectorB.out]))).toEqual({ keyId: vectorB.keyId, value: 'mongodb' });
    await expect(webCryptoOpenString(key, flipped(sealValue(key, keyId, 'x'), 50))).rejects.toThrow('tag mismatch');
  });
});
