import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Config } from '@/lib/platform/config';
import { localMasterKeyId } from '@/lib/platform/crypto/local-key-provider';
import { embeddedMasterKeyFile, resolveKeyRing } from '@/lib/platform/crypto/resolve-key-ring';

function config(overrides: Partial<Config>): Config {
  const dir = mkdtempSync(join(tmpdir(), 'qm-fle-'));
  return {
    PGLITE_DATA_DIR: join(dir, 'pglite'),
    FLE_KEY_PROVIDER: 'local',
    FLE_LOCAL_PREVIOUS_MASTER_KEYS: [],
    ...overrides,
  } as Config;
}

const dataKey = randomBytes(96);

describe('resolveKeyRing', () => {
  it('embedded demo: generates a master key beside the PGlite data on first start and reuses it', async () => {
    const embedded = config({});
    const first = resolveKeyRing(embedded);
    const file = embeddedMasterKeyFile(embedded);
    expect(file).toBe(join(embedded.PGLITE_DATA_DIR, '..', 'fle-master-key'));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const stored = Buffer.from(readFileSync(file, 'utf8'), 'base64');
    expect(stored).toHaveLength(96);
    const wrapped = await first.wrap(dataKey);
    expect(wrapped.masterKeyId).toBe(localMasterKeyId(stored));
    expect((await resolveKeyRing(embedded).unwrap(wrapped)).equals(dataKey)).toBe(true);
  });

  it('never overwrites an embedded key file it cannot read', () => {
    const embedded = config({});
    resolveKeyRing(embedded);
    writeFileSync(embeddedMasterKeyFile(embedded), 'not a key');
    expect(() => resolveKeyRing(embedded)).toThrow(expect.objectContaining({ name: 'EncryptionConfigError' }));
    expect(readFileSync(embeddedMasterKeyFile(embedded), 'utf8')).toBe('not a key');
  });

  it('with DATABASE_URL and no master key, fails clearly instead of generating one', () => {
    const deployed = config({ DATABASE_URL: 'postgres://qm_app@127.0.0.1:5432/qm' });
    expect(() => resolveKeyRing(deployed)).toThrow(/FLE_LOCAL_MASTER_KEY/);
    expect(() => readFileSync(embeddedMasterKeyFile(deployed))).toThrow(/ENOENT/);
    expect(() => resolveKeyRing(config({ FLE_KEY_PROVIDER: 'aws-kms' }))).toThrow(/FLE_KMS_KEY_ID/);
  });

  it('wraps under FLE_LOCAL_MASTER_KEY and still unwraps keys of FLE_LOCAL_PREVIOUS_MASTER_KEYS', async () => {
    const previous = randomBytes(96).toString('base64');
    const current = randomBytes(96).toString('base64');
    const old = await resolveKeyRing(config({ DATABASE_URL: 'postgres://x@127.0.0.1/qm', FLE_LOCAL_MASTER_KEY: previous })).wrap(dataKey);
    const ring = resolveKeyRing(config({ DATABASE_URL: 'postgres://x@127.0.0.1/qm', FLE_LOCAL_MASTER_KEY: current, FLE_LOCAL_PREVIOUS_MASTER_KEYS: [previous] }));
    expect((await ring.wrap(dataKey)).masterKeyId).toBe(localMasterKeyId(Buffer.from(current, 'base64')));
    expect((await ring.unwrap(old)).equals(dataKey)).toBe(true);
  });

  it('picks AWS KMS when FLE_KEY_PROVIDER=aws-kms', () => {
    const ring = resolveKeyRing(config({ FLE_KEY_PROVIDER: 'aws-kms', FLE_KMS_KEY_ID: 'alias/qm', FLE_KMS_REGION: 'eu-west-1' }));
    expect(ring.current.name).toBe('aws-kms');
  });
});
