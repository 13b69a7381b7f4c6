import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Config } from '@/lib/platform/config';
import { createAwsKmsKeyProvider } from './aws-kms-key-provider';
import { EncryptionConfigError } from './crypto-errors';
import { DATA_KEY_LENGTH } from './fle1-aead';
import type { KeyProvider } from './key-provider';
import { createKeyRing, type KeyRing } from './key-ring';
import { createLocalKeyProvider } from './local-key-provider';

/** The file beside the PGlite data that keeps the embedded demo's generated master key. */
export function embeddedMasterKeyFile(config: Config): string {
  return join(dirname(config.PGLITE_DATA_DIR), 'fle-master-key');
}

function readKeyFile(file: string): Buffer {
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  // Never replace a key that exists: every value encrypted under it would be lost.
  if (key.length !== DATA_KEY_LENGTH) throw new EncryptionConfigError(`${file} does not hold a 96-byte base64 master key; restore it or set FLE_LOCAL_MASTER_KEY.`);
  return key;
}

function embeddedMasterKey(config: Config): Buffer {
  const file = embeddedMasterKeyFile(config);
  try {
    return readKeyFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(file), { recursive: true });
  try {
    writeFileSync(file, randomBytes(DATA_KEY_LENGTH).toString('base64'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process of the demo generated it first; both then use that one.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readKeyFile(file);
}

function localMasterKey(config: Config): Buffer | undefined {
  if (config.FLE_LOCAL_MASTER_KEY) return Buffer.from(config.FLE_LOCAL_MASTER_KEY, 'base64');
  // Only the embedded demo may invent its own key; a deployment that forgot one must not start encrypting.
  if (!config.DATABASE_URL && config.FLE_KEY_PROVIDER === 'local') return embeddedMasterKey(config);
  return undefined;
}

/** The master keys configured for this process. Throws EncryptionConfigError when none can wrap new keys. */
export function resolveKeyRing(config: Config): KeyRing {
  const local = localMasterKey(config);
  const kms = config.FLE_KMS_KEY_ID
    ? createAwsKmsKeyProvider({ keyId: config.FLE_KMS_KEY_ID, region: config.FLE_KMS_REGION, endpoint: config.FLE_KMS_ENDPOINT })
    : undefined;
  const previous = config.FLE_LOCAL_PREVIOUS_MASTER_KEYS.map((k) => createLocalKeyProvider(Buffer.from(k, 'base64')));
  const localProvider = local ? createLocalKeyProvider(local) : undefined;
  const current = config.FLE_KEY_PROVIDER === 'aws-kms' ? kms : localProvider;
  if (!current) {
    throw new EncryptionConfigError(
      config.FLE_KEY_PROVIDER === 'aws-kms'
        ? 'Field encryption needs FLE_KMS_KEY_ID when FLE_KEY_PROVIDER=aws-kms.'
        : 'Field encryption needs FLE_LOCAL_MASTER_KEY (96 random bytes, base64) when DATABASE_URL is set, or FLE_KEY_PROVIDER=aws-kms with FLE_KMS_KEY_ID.',
    );
  }
  const others = [localProvider, kms, ...previous].filter((p): p is KeyProvider => p !== undefined && p !== current);
  return createKeyRing(current, others);
}
