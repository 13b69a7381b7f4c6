import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDataKeyCache } from '@/lib/platform/crypto/data-key-cache';

describe('data key cache', () => {
  it('forgets keys after the TTL and keeps at most maxEntries, dropping the least recently used', () => {
    let now = 0;
    const cache = createDataKeyCache({ ttlMs: 1000, maxEntries: 2, now: () => now });
    cache.set('a', Buffer.from('A'));
    cache.set('b', Buffer.from('B'));
    expect(cache.get('a')?.toString()).toBe('A');
    cache.set('c', Buffer.from('C'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.toString()).toBe('A');
    expect(cache.get('c')?.toString()).toBe('C');
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps nothing when disabled, and keeps its own copy of a key', () => {
    const off = createDataKeyCache({ ttlMs: 0, maxEntries: 10 });
    off.set('a', Buffer.from('A'));
    expect(off.get('a')).toBeUndefined();
    const cache = createDataKeyCache({ ttlMs: 1000, maxEntries: 10 });
    const key = Buffer.from('A');
    cache.set('a', key);
    key.fill(0);
    expect(cache.get('a')?.toString()).toBe('A');
  });

  describe('zeroes its own copy of a key when the key leaves the cache', () => {
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('when evicted as the least recently used, never the key it was given nor one it handed out', () => {
      const zeroBytes = Buffer.alloc(8);
      const fill = vi.spyOn(Buffer.prototype, 'fill');
      const cache = createDataKeyCache({ ttlMs: 1000, maxEntries: 1 });
      const given = Buffer.from('secret-a');
      cache.set('a', given);
      const handedOut = cache.get('a')!;
      cache.set('b', Buffer.from('secret-b'));
      expect(fill).toHaveBeenCalledTimes(1);
      const zeroed = fill.mock.contexts[0] as Buffer;
      expect(zeroed.equals(zeroBytes)).toBe(true);
      expect(zeroed).not.toBe(given);
      expect(zeroed).not.toBe(handedOut);
      expect(given.toString()).toBe('secret-a');
      expect(handedOut.toString()).toBe('secret-a');
      expect(cache.get('a')).toBeUndefined();
    });

    it('when it expires', () => {
      let now = 0;
      const fill = vi.spyOn(Buffer.prototype, 'fill');
      const cache = createDataKeyCache({ ttlMs: 1000, maxEntries: 10, now: () => now });
      cache.set('a', Buffer.from('secret-a'));
      now = 1000;
      expect(cache.get('a')).toBeUndefined();
      expect(fill).toHaveBeenCalledTimes(1);
      expect((fill.mock.contexts[0] as Buffer).equals(Buffer.alloc(8))).toBe(true);
    });
  });
});
