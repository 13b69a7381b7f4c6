import { describe, expect, it } from 'vitest';
import { classifyAddress } from '@/lib/platform/webhooks/classify-address';

describe('classifyAddress (the SSRF guard)', () => {
  it.each([
    ['0.0.0.0', 'this network'],
    ['0.1.2.3', 'this network'],
    ['10.0.0.1', 'private (10.0.0.0/8)'],
    ['10.255.255.255', 'private (10.0.0.0/8)'],
    ['100.64.0.0', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['127.0.0.1', 'loopback (127.0.0.0/8)'],
    ['127.255.0.9', 'loopback (127.0.0.0/8)'],
    ['169.254.169.254', 'link-local'],
    ['172.16.0.1', 'private (172.16.0.0/12)'],
    ['172.31.255.254', 'private (172.16.0.0/12)'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.2.1', 'documentation'],
    ['192.88.99.1', '6to4 relay'],
    ['192.168.100.1', 'private (192.168.0.0/16)'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved or broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback (::1)'],
    ['0:0:0:0:0:0:0:1', 'loopback (::1)'],
    ['::ffff:127.0.0.1', 'IPv4-mapped IPv6 of loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped IPv6 of loopback'],
    ['::ffff:10.0.0.1', 'IPv4-mapped IPv6 of private'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped IPv6 of link-local'],
    ['::127.0.0.1', 'IPv4-compatible IPv6 of loopback'],
    ['64:ff9b::7f00:1', 'NAT64 IPv6 of loopback'],
    ['64:ff9b::192.168.1.1', 'NAT64 IPv6 of private'],
    ['fc00::1', 'not global unicast'],
    ['fd12:3456:789a::1', 'not global unicast'],
    ['fe80::1', 'not global unicast'],
    ['fe80::1%eth0', 'scoped'],
    ['fec0::1', 'not global unicast'],
    ['ff02::1', 'not global unicast'],
    ['100::1', 'not global unicast'],
    ['2001:db8::1', 'documentation (2001:db8::/32)'],
    ['2001::1', 'IETF protocol assignments'],
    ['2002:7f00:1::1', '6to4'],
    ['3fff::1', 'documentation (3fff::/20)'],
    ['not-an-ip', 'not an IP address'],
    ['256.1.1.1', 'not an IP address'],
  ])('refuses %s (%s)', (address, reason) => {
    const verdict = classifyAddress(address);
    expect(verdict.allowed).toBe(false);
    expect(verdict.allowed ? '' : verdict.reason).toContain(reason);
  });

  it.each(['93.184.216.34', '1.1.1.1', '8.8.8.8', '100.63.255.255', '100.128.0.0', '172.15.255.255', '172.32.0.0', '192.169.0.1', '198.20.0.1', '223.255.255.255', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8', '64:ff9b::808:808'])(
    'allows the public address %s',
    (address) => {
      expect(classifyAddress(address)).toEqual({ allowed: true });
    },
  );
});
