// A second, independent FLE1 implementation for tests only: WebCrypto (crypto.subtle) instead of node:crypto,
// DataView instead of Buffer, written from shared/reference/fle1-aead.md rather than from lib/platform/crypto. A value
// lib/platform/crypto writes must open here, or the two disagree about the format.
const subtle = globalThis.crypto.subtle;

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Tag check (first 32 bytes of HMAC-SHA-512 over AAD || IV || C || AL), then AES-256-CBC with PKCS#7. */
export async function webCryptoDecrypt(key: Uint8Array, data: Uint8Array, aad: Uint8Array): Promise<Uint8Array> {
  const iv = data.slice(0, 16);
  const ciphertext = data.slice(16, data.length - 32);
  const tag = data.slice(data.length - 32);
  const al = new Uint8Array(8);
  new DataView(al.buffer).setBigUint64(0, BigInt(aad.length * 8), false);
  const macKey = await subtle.importKey('raw', key.slice(0, 32), { name: 'HMAC', hash: 'SHA-512' }, false, ['sign']);
  const mac = new Uint8Array(await subtle.sign('HMAC', macKey, concat(aad, iv, ciphertext, al))).slice(0, 32);
  if (mac.length !== tag.length || mac.some((b, i) => b !== tag[i])) throw new Error('webcrypto: tag mismatch');
  const encKey = await subtle.importKey('raw', key.slice(32, 64), { name: 'AES-CBC' }, false, ['decrypt']);
  return new Uint8Array(await subtle.decrypt({ name: 'AES-CBC', iv }, encKey, ciphertext));
}

/** Opens a stored value (subtype 2 || key UUID || type 2 || IV || C || tag) holding a BSON string. */
export async function webCryptoOpenString(key: Uint8Array, stored: Uint8Array): Promise<{ keyId: string; value: string }> {
  if (stored[0] !== 2 || stored[17] !== 2) throw new Error('webcrypto: not a -Random string value');
  const hex = Array.from(stored.slice(1, 17), (b) => b.toString(16).padStart(2, '0')).join('');
  const keyId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const bson = await webCryptoDecrypt(key, stored.slice(18), stored.slice(0, 18));
  const length = new DataView(bson.buffer, bson.byteOffset).getInt32(0, true);
  if (length !== bson.length - 4 || bson[bson.length - 1] !== 0) throw new Error('webcrypto: not a BSON string');
  return { keyId, value: new TextDecoder('utf-8', { fatal: true }).decode(bson.slice(4, bson.length - 1)) };
}
