import { getConfig } from '@/lib/platform/config';
import { createDataKeyCache, type DataKeyCache } from './data-key-cache';
import type { KeyRing } from './key-ring';
import { resolveKeyRing } from './resolve-key-ring';

/** What encrypting and decrypting fields needs beyond the database: the master keys and the key cache. */
export type FieldEncryption = { keyRing: KeyRing; cache: DataKeyCache };

const CACHE_ENTRIES = 1000;

export function createFieldEncryption(keyRing: KeyRing, cacheSeconds: number): FieldEncryption {
  return { keyRing, cache: createDataKeyCache({ ttlMs: cacheSeconds * 1000, maxEntries: CACHE_ENTRIES }) };
}

type Holder = { encryption?: FieldEncryption };
const holder = ((globalThis as Record<symbol, Holder>)[Symbol.for('quartermaster.fieldEncryption')] ??= {});

/** The process's field encryption, resolved at first use: a missing master key fails here, clearly, every time. */
export function getFieldEncryption(): FieldEncryption {
  if (!holder.encryption) {
    const config = getConfig();
    holder.encryption = createFieldEncryption(resolveKeyRing(config), config.FLE_DATA_KEY_CACHE_SECONDS);
  }
  return holder.encryption;
}
