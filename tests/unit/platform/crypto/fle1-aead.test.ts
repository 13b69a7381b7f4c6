import { describe, expect, it } from 'vitest';
import { FieldCryptoError } from '@/lib/platform/crypto/crypto-errors';
import { decryptAead, encryptAead } from '@/lib/platform/crypto/fle1-aead';
import { vectorA, vectorB } from './fle1-vectors';

function flipped(data: Buffer, index: number): Buffer {
  const copy = Buffer.from(data);
  copy[index]! ^= 0x01;
  return copy;
}

describe('AEAD_AES_256_CBC_HMAC_SHA_512 (FLE1)', () => {
  it.each([
    ['A (IETF draft 5.4)', vectorA],
    ['B (FLE1 corpus, "mongodb")', vectorB],
  ])('vector %s: encrypting with its IV gives its output, decrypting its output gives its plaintext', (_name, v) => {
    expect(encryptAead(v.key, v.pt, v.aad, v.iv).toString('hex')).toBe(v.out.toString('hex'));
    expect(decryptAead(v.key, v.out, v.aad).toString('hex')).toBe(v.pt.toString('hex'));
  });

  it('draws a fresh random IV for every encryption', () => {
    const a = encryptAead(vectorB.key, vectorB.pt, vectorB.aad);
    const b = encryptAead(vectorB.key, vectorB.pt, vectorB.aad);
    expect(a.subarray(0, 16).equals(b.subarray(0, 16))).toBe(false);
    expect(a.equals(b)).toBe(false);
    expect(a.equals(vectorB.out)).toBe(false);
    expect(decryptAead(vectorB.key, a, vectorB.aad).equals(vectorB.pt)).toBe(true);
  });

  it('pads a block-aligned plaintext with a full block (PKCS#7)', () => {
    expect(encryptAead(vectorB.key, Buffer.alloc(32, 7), Buffer.alloc(0))).toHaveLength(16 + 48 + 32);
    expect(encryptAead(vectorB.key, Buffer.alloc(0), Buffer.alloc(0))).toHaveLength(16 + 16 + 32);
  });

  it.each([
    ['the IV', 3],
    ['the ciphertext', 20],
    ['the last ciphertext block (padding)', vectorB.out.length - 33],
    ['the tag', vectorB.out.length - 1],
  ])('refuses a value with one bit flipped in %s', (_part, index) => {
    expect(() => decryptAead(vectorB.key, flipped(vectorB.out, index), vectorB.aad)).toThrow(
      expect.objectContaining({ name: 'FieldCryptoError', code: 'AUTHENTICATION_FAILED' }),
    );
  });

  it('refuses other AAD, another key, and impossible lengths', () => {
    const reject = (fn: () => unknown, code: string) => {
      expect(fn).toThrow(FieldCryptoError);
      expect(fn).toThrow(expect.objectContaining({ code }));
    };
    reject(() => decryptAead(vectorB.key, vectorB.out, flipped(vectorB.aad, 5)), 'AUTHENTICATION_FAILED');
    reject(() => decryptAead(vectorB.key, vectorB.out, Buffer.alloc(0)), 'AUTHENTICATION_FAILED');
    reject(() => decryptAead(flipped(vectorB.key, 0), vectorB.out, vectorB.aad), 'AUTHENTICATION_FAILED');
    reject(() => decryptAead(vectorB.key, vectorB.out.subarray(0, vectorB.out.length - 1), vectorB.aad), 'MALFORMED_CIPHERTEXT');
    reject(() => decryptAead(vectorB.key, vectorB.out.subarray(0, 63), vectorB.aad), 'MALFORMED_CIPHERTEXT');
  });

  it('uses the MAC key (bytes 0-31) and the AES key (32-63), not the IV key (64-95)', () => {
    expect(decryptAead(flipped(vectorB.key, 80), vectorB.out, vectorB.aad).equals(vectorB.pt)).toBe(true);
    expect(() => decryptAead(flipped(vectorB.key, 40), vectorB.out, vectorB.aad)).toThrow(expect.objectContaining({ code: 'AUTHENTICATION_FAILED' }));
    expect(() => encryptAead(vectorB.key.subarray(0, 64), vectorB.pt, vectorB.aad)).toThrow(RangeError);
  });
});
