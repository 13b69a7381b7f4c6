/** Unwrapped data keys by key UUID, briefly, so a page of records costs one KMS call per field, not per row. */
export type DataKeyCache = {
  get(keyId: string): Buffer | undefined;
  set(keyId: string, key: Buffer): void;
};

type Options = { ttlMs: number; maxEntries: number; now?: () => number };

export function createDataKeyCache({ ttlMs, maxEntries, now = Date.now }: Options): DataKeyCache {
  // Map keeps insertion order: re-inserting on use makes the first entry the least recently used.
  const entries = new Map<string, { key: Buffer; expiresAt: number }>();
  return {
    get(keyId) {
      const entry = entries.get(keyId);
      if (!entry) return undefined;
      entries.delete(keyId);
      if (entry.expiresAt <= now()) return undefined;
      entries.set(keyId, entry);
      return entry.key;
    },
    set(keyId, key) {
      if (ttlMs <= 0 || maxEntries <= 0) return;
      entries.delete(keyId);
      entries.set(keyId, { key: Buffer.from(key), expiresAt: now() + ttlMs });
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
    },
  };
}
