import { describe, expect, it } from 'vitest';
import { clientAddress } from '@/lib/transport/http/client-address';

const forwardedFor = (value: string) => new Headers({ 'x-forwarded-for': value });

describe('clientAddress', () => {
  it('trusts no header without a trusted proxy: every client is the same unknown one', () => {
    expect(clientAddress(forwardedFor('198.51.100.7'), 0)).toBe('unknown');
    expect(clientAddress(new Headers(), 0)).toBe('unknown');
  });

  it('takes the entry the trusted proxies appended, not what the client wrote further left', () => {
    expect(clientAddress(forwardedFor('6.6.6.6, 198.51.100.7'), 1)).toBe('198.51.100.7');
    expect(clientAddress(forwardedFor('6.6.6.6, 198.51.100.7, 10.0.0.2'), 2)).toBe('198.51.100.7');
  });

  it('uses the leftmost entry when fewer hops arrived than are trusted', () => {
    expect(clientAddress(forwardedFor('198.51.100.7'), 2)).toBe('198.51.100.7');
  });

  it('normalises IPv4-mapped IPv6 and case, and refuses what is not an address', () => {
    expect(clientAddress(forwardedFor('::ffff:198.51.100.7'), 1)).toBe('198.51.100.7');
    expect(clientAddress(forwardedFor('2001:DB8::1'), 1)).toBe('2001:db8::1');
    expect(clientAddress(forwardedFor('anything:*'), 1)).toBe('unknown');
    expect(clientAddress(forwardedFor(''), 1)).toBe('unknown');
  });
});
