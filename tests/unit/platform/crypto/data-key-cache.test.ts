import { describe, expect, it } from 'vitest';
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
});
