import { LRUCache } from 'lru-cache';

/** Unwrapped data keys by key UUID, briefly, so a page of records costs one KMS call per field, not per row. */
export type DataKeyCache = {
  get(keyId: string): Buffer | undefined;
  set(keyId: string, key: Buffer): void;
};

type Options = { ttlMs: number; maxEntries: number; now?: () => number };

const disabled: DataKeyCache = { get: () => undefined, set: () => undefined };

/**
 * The cache holds its own copy of each key and hands out copies, so the copy it holds can be zeroed the moment it
 * leaves the cache (expired, evicted as the least recently used, replaced or deleted), while a caller still
 * decrypting with the key it got is unaffected. Expired keys are purged by a timer, not only when next asked for.
 */
export function createDataKeyCache({ ttlMs, maxEntries, now = Date.now }: Options): DataKeyCache {
  if (ttlMs <= 0 || maxEntries <= 0) return disabled;
  const entries = new LRUCache<string, Buffer>({
    max: maxEntries,
    // lru-cache counts an entry stale once its age exceeds the ttl, and a start time of 0 as no ttl at all; in whole
    // milliseconds, ttl - 1 on a clock that never reads 0 keeps "gone at set time + ttlMs".
    ttl: Math.max(1, ttlMs - 1),
    ttlResolution: 0,
    ttlAutopurge: true,
    perf: { now: () => now() + 1 },
    dispose: (key) => key.fill(0),
  });
  return {
    get(keyId) {
      const key = entries.get(keyId);
      return key && Buffer.from(key);
    },
    set(keyId, key) {
      entries.set(keyId, Buffer.from(key));
    },
  };
}
