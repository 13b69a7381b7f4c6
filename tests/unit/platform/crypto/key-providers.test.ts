import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAwsKmsKeyProvider } from '@/lib/platform/crypto/aws-kms-key-provider';
import { createKeyRing } from '@/lib/platform/crypto/key-ring';
import { createLocalKeyProvider, localMasterKeyId } from '@/lib/platform/crypto/local-key-provider';
import { webCryptoDecrypt } from '../../../support/fle1-webcrypto';
import { type KmsStub, kmsStubOptions, startKmsStub } from '../../../support/kms-stub';

const masterKey = randomBytes(96);
const dataKey = randomBytes(96);

describe('local key provider', () => {
  const local = createLocalKeyProvider(masterKey);

  it('wraps a data key with FLE1 under the master key and empty AAD (160 bytes, as libmongocrypt\'s local KMS)', async () => {
    const { wrapped, masterKeyId } = await local.wrapKey(dataKey);
    expect(wrapped).toHaveLength(16 + 112 + 32);
    expect(masterKeyId).toBe(localMasterKeyId(masterKey));
    expect(masterKeyId).toMatch(/^[0-9a-f]{32}$/);
    expect(wrapped.includes(dataKey.subarray(0, 16))).toBe(false);
    expect(Buffer.from(await webCryptoDecrypt(masterKey, wrapped, new Uint8Array(0))).equals(dataKey)).toBe(true);
    expect((await local.unwrapKey(wrapped, masterKeyId)).equals(dataKey)).toBe(true);
  });

  it('refuses a tampered wrapping and wrappings of another master key', async () => {
    const { wrapped, masterKeyId } = await local.wrapKey(dataKey);
    const tampered = Buffer.from(wrapped);
    tampered[40]! ^= 1;
    await expect(local.unwrapKey(tampered, masterKeyId)).rejects.toMatchObject({ code: 'AUTHENTICATION_FAILED' });
    const other = createLocalKeyProvider(randomBytes(96));
    expect(other.canUnwrap(masterKeyId)).toBe(false);
    await expect(other.unwrapKey(wrapped, masterKeyId)).rejects.toMatchObject({ code: 'MASTER_KEY_UNAVAILABLE' });
  });
});

describe('AWS KMS key provider (against a local KMS stub)', () => {
  let stub: KmsStub;
  beforeAll(async () => {
    stub = await startKmsStub(2);
  });
  afterAll(() => stub.stop());

  it('wraps with Encrypt under the configured key, stores the key ARN, and unwraps with Decrypt naming it', async () => {
    const kms = createAwsKmsKeyProvider(kmsStubOptions(stub, 'alias/quartermaster-fle-1'));
    const before = stub.requests.length;
    const { wrapped, masterKeyId } = await kms.wrapKey(dataKey);
    expect(masterKeyId).toBe(stub.keyArns[0]);
    expect(wrapped.includes(dataKey.subarray(0, 16))).toBe(false);
    expect((await kms.unwrapKey(wrapped, masterKeyId)).equals(dataKey)).toBe(true);
    expect(stub.requests.slice(before)).toEqual([
      { target: 'TrentService.Encrypt', keyId: 'alias/quartermaster-fle-1', signed: true },
      { target: 'TrentService.Decrypt', keyId: stub.keyArns[0], signed: true },
    ]);
  });

  it('reports KMS refusals as KEY_PROVIDER_FAILED without key material', async () => {
    const kms = createAwsKmsKeyProvider(kmsStubOptions(stub));
    const { wrapped } = await kms.wrapKey(dataKey);
    const failure = await kms.unwrapKey(wrapped, stub.keyArns[1]!).catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'FieldCryptoError', code: 'KEY_PROVIDER_FAILED', message: 'AWS KMS Decrypt failed (IncorrectKeyException).' });
    const unknown = createAwsKmsKeyProvider(kmsStubOptions(stub, 'alias/missing'));
    await expect(unknown.wrapKey(dataKey)).rejects.toMatchObject({ code: 'KEY_PROVIDER_FAILED', message: 'AWS KMS Encrypt failed (NotFoundException).' });
  });

  it('lets a key ring unwrap keys of a previous master key while wrapping under the current one', async () => {
    const local = createLocalKeyProvider(masterKey);
    const kms = createAwsKmsKeyProvider(kmsStubOptions(stub));
    const oldWrap = { ...(await local.wrapKey(dataKey)), provider: 'local' as const };
    const ring = createKeyRing(kms, [local]);
    const newWrap = await ring.wrap(dataKey);
    expect(newWrap).toMatchObject({ provider: 'aws-kms', masterKeyId: stub.keyArns[0] });
    expect((await ring.unwrap(oldWrap)).equals(dataKey)).toBe(true);
    expect((await ring.unwrap(newWrap)).equals(dataKey)).toBe(true);
    await expect(createKeyRing(kms).unwrap(oldWrap)).rejects.toMatchObject({ code: 'MASTER_KEY_UNAVAILABLE' });
  });
});
