import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';

/**
 * The SSRF guard's address test: is this IP address one a webhook may be sent to? Only public unicast addresses
 * are, as ipaddr.js's range() classifies them: every special-purpose block it knows is refused (unspecified,
 * loopback, private (RFC 1918), CGNAT (100.64/10), link-local (incl. cloud metadata 169.254.169.254),
 * IETF-reserved, documentation, benchmarking, 6to4 relay, AS112 and AMT anycast, multicast, broadcast and reserved
 * IPv4 ranges, and their IPv6 counterparts). IPv6 must moreover lie in global unicast 2000::/3 (so loopback,
 * unique-local fc00::/7, link-local fe80::/10, multicast ff00::/8, … are out). An IPv6 address that embeds an
 * IPv4 one (IPv4-mapped, IPv4-compatible, NAT64 64:ff9b::/96) is judged by the IPv4 address it reaches.
 */
export type AddressVerdict = { allowed: true } | { allowed: false; reason: string };

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Block = { label: string; cidr: string; range: [Address, number] };

function block(cidr: string, label: string): Block {
  return { label, cidr, range: ipaddr.parseCIDR(cidr) };
}

// What a refusal says: the block the address lies in, by its usual name and prefix (the most specific one).
// range() decides what is refused; these only name it.
const v4Blocks = [
  block('0.0.0.0/8', 'this network'),
  block('10.0.0.0/8', 'private'),
  block('100.64.0.0/10', 'carrier-grade NAT'),
  block('127.0.0.0/8', 'loopback'),
  block('169.254.0.0/16', 'link-local'),
  block('172.16.0.0/12', 'private'),
  block('192.0.0.0/24', 'IETF protocol assignments'),
  block('192.0.2.0/24', 'documentation'),
  block('192.31.196.0/24', 'AS112 DNS anycast'),
  block('192.52.193.0/24', 'AMT relay anycast'),
  block('192.88.99.0/24', '6to4 relay anycast'),
  block('192.168.0.0/16', 'private'),
  block('192.175.48.0/24', 'AS112 DNS anycast'),
  block('198.18.0.0/15', 'benchmarking'),
  block('198.51.100.0/24', 'documentation'),
  block('203.0.113.0/24', 'documentation'),
  block('224.0.0.0/4', 'multicast'),
  block('240.0.0.0/4', 'reserved or broadcast'),
];
const v6Blocks = [
  block('2001::/23', 'IETF protocol assignments (incl. Teredo, benchmarking, ORCHID)'),
  block('2001:db8::/32', 'documentation'),
  block('2002::/16', '6to4'),
  block('2620:4f:8000::/48', 'AS112 DNS anycast'),
  block('3fff::/20', 'documentation'),
];

const v6GlobalUnicast = ipaddr.IPv6.parseCIDR('2000::/3');
// IPv6 forms that carry an IPv4 address in their last 32 bits, and reach it (IPv4-mapped is range() 'ipv4Mapped').
const v6Nat64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
const v6Compatible = ipaddr.IPv6.parseCIDR('::/96');

function refusal(address: Address, blocks: Block[]): AddressVerdict {
  const named = blocks.filter(({ range }) => address.match(range)).sort((a, b) => b.range[1] - a.range[1])[0];
  return { allowed: false, reason: named ? `${named.label} (${named.cidr})` : `special-purpose (${address.range()})` };
}

function classifyIpv4(address: ipaddr.IPv4): AddressVerdict {
  return address.range() === 'unicast' ? { allowed: true } : refusal(address, v4Blocks);
}

// ipaddr.js reads the deprecated dotted IPv4-compatible form (::a.b.c.d) as IPv4-mapped (::ffff:a.b.c.d): the same
// IPv4 address, judged the same; only the name of the form is taken from the text.
const dottedCompatible = /^::\d+\.\d+\.\d+\.\d+$/;

function embeddedIpv4(address: ipaddr.IPv6, text: string): { form: string; ipv4: ipaddr.IPv4 } | undefined {
  const [high, low] = address.parts.slice(6) as [number, number];
  const ipv4 = () => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  if (address.range() === 'ipv4Mapped') return { form: dottedCompatible.test(text) ? 'IPv4-compatible' : 'IPv4-mapped', ipv4: address.toIPv4Address() };
  if (address.match(v6Nat64)) return { form: 'NAT64', ipv4: ipv4() };
  if (address.match(v6Compatible)) return { form: 'IPv4-compatible', ipv4: ipv4() };
  return undefined;
}

export function classifyAddress(address: string): AddressVerdict {
  const family = isIP(address);
  if (family === 4) return classifyIpv4(ipaddr.IPv4.parse(address));
  // A zone index (fe80::1%eth0) names an interface of this host: never a webhook target.
  if (address.includes('%')) return { allowed: false, reason: 'scoped (zone index) IPv6 address' };
  if (family !== 6) return { allowed: false, reason: 'not an IP address' };
  const v6 = ipaddr.IPv6.parse(address);
  const range = v6.range();
  if (range === 'unspecified') return { allowed: false, reason: 'unspecified (::)' };
  if (range === 'loopback') return { allowed: false, reason: 'loopback (::1)' };
  const embedded = embeddedIpv4(v6, address);
  if (embedded) {
    const verdict = classifyIpv4(embedded.ipv4);
    return verdict.allowed ? verdict : { allowed: false, reason: `${embedded.form} IPv6 of ${verdict.reason}` };
  }
  if (!v6.match(v6GlobalUnicast)) return { allowed: false, reason: `not global unicast IPv6 (outside 2000::/3: loopback, unique-local, link-local, multicast …)` };
  return range === 'unicast' ? { allowed: true } : refusal(v6, v6Blocks);
}
