import { isIP } from 'node:net';

/**
 * The SSRF guard's address test: is this IP address one a webhook may be sent to? Only public unicast addresses
 * are. Refused: unspecified, loopback, private (RFC 1918), CGNAT (100.64/10), link-local (incl. cloud metadata
 * 169.254.169.254), IETF-reserved, documentation, benchmarking, multicast and reserved IPv4 ranges; in IPv6
 * everything outside global unicast 2000::/3 (loopback, unique-local fc00::/7, link-local fe80::/10, multicast
 * ff00::/8, …) and the special blocks inside it. An IPv6 address that embeds an IPv4 one (IPv4-mapped,
 * IPv4-compatible, NAT64 64:ff9b::/96) is judged by the IPv4 address it reaches.
 */
export type AddressVerdict = { allowed: true } | { allowed: false; reason: string };

type Range = { prefix: number[]; bits: number; reason: string };

const v4Blocked: Range[] = [
  ['0.0.0.0', 8, 'this network (0.0.0.0/8)'],
  ['10.0.0.0', 8, 'private (10.0.0.0/8)'],
  ['100.64.0.0', 10, 'carrier-grade NAT (100.64.0.0/10)'],
  ['127.0.0.0', 8, 'loopback (127.0.0.0/8)'],
  ['169.254.0.0', 16, 'link-local (169.254.0.0/16)'],
  ['172.16.0.0', 12, 'private (172.16.0.0/12)'],
  ['192.0.0.0', 24, 'IETF protocol assignments (192.0.0.0/24)'],
  ['192.0.2.0', 24, 'documentation (192.0.2.0/24)'],
  ['192.88.99.0', 24, '6to4 relay anycast (192.88.99.0/24)'],
  ['192.168.0.0', 16, 'private (192.168.0.0/16)'],
  ['198.18.0.0', 15, 'benchmarking (198.18.0.0/15)'],
  ['198.51.100.0', 24, 'documentation (198.51.100.0/24)'],
  ['203.0.113.0', 24, 'documentation (203.0.113.0/24)'],
  ['224.0.0.0', 4, 'multicast (224.0.0.0/4)'],
  ['240.0.0.0', 4, 'reserved or broadcast (240.0.0.0/4)'],
].map(([address, bits, reason]) => ({ prefix: parseIpv4(address as string)!, bits: bits as number, reason: reason as string }));

const v6GlobalUnicast: Range = { prefix: parseIpv6('2000::')!, bits: 3, reason: '' };
const v6Blocked: Range[] = [
  ['2001::', 23, 'IETF protocol assignments (2001::/23, incl. Teredo)'],
  ['2001:db8::', 32, 'documentation (2001:db8::/32)'],
  ['2002::', 16, '6to4 (2002::/16)'],
  ['3fff::', 20, 'documentation (3fff::/20)'],
].map(([address, bits, reason]) => ({ prefix: parseIpv6(address as string)!, bits: bits as number, reason: reason as string }));

// IPv6 forms that carry an IPv4 address in their last 32 bits, and reach it.
const v6Embedding: Range[] = [
  ['::ffff:0:0', 96, 'IPv4-mapped'],
  ['64:ff9b::', 96, 'NAT64'],
  ['::', 96, 'IPv4-compatible'],
].map(([address, bits, reason]) => ({ prefix: parseIpv6(address as string)!, bits: bits as number, reason: reason as string }));

function parseIpv4(address: string): number[] | null {
  if (isIP(address) !== 4) return null;
  return address.split('.').map(Number);
}

/** 16 bytes of an IPv6 address (with '::' and a trailing dotted IPv4 part), or null. */
function parseIpv6(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.toLowerCase();
  const tail: number[] = [];
  const dotted = /:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = parseIpv4(dotted[1]!);
    if (!v4) return null;
    tail.push(...v4);
    text = `${text.slice(0, dotted.index)}:0:0`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const groups = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const words = rest === undefined ? left : [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  if (words.length !== 8) return null;
  const bytes = words.flatMap((word) => [word >> 8, word & 0xff]);
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

function inRange(bytes: number[], range: Range): boolean {
  for (let bit = 0; bit < range.bits; bit++) {
    const byte = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if ((bytes[byte]! & mask) !== (range.prefix[byte]! & mask)) return false;
  }
  return true;
}

function classifyIpv4(bytes: number[]): AddressVerdict {
  const blocked = v4Blocked.find((range) => inRange(bytes, range));
  return blocked ? { allowed: false, reason: blocked.reason } : { allowed: true };
}

export function classifyAddress(address: string): AddressVerdict {
  const v4 = parseIpv4(address);
  if (v4) return classifyIpv4(v4);
  // A zone index (fe80::1%eth0) names an interface of this host: never a webhook target.
  if (address.includes('%')) return { allowed: false, reason: 'scoped (zone index) IPv6 address' };
  const v6 = parseIpv6(address);
  if (!v6) return { allowed: false, reason: 'not an IP address' };
  if (v6.every((byte) => byte === 0)) return { allowed: false, reason: 'unspecified (::)' };
  if (v6.slice(0, 15).every((byte) => byte === 0) && v6[15] === 1) return { allowed: false, reason: 'loopback (::1)' };
  const embedding = v6Embedding.find((range) => inRange(v6, range));
  if (embedding) {
    const verdict = classifyIpv4(v6.slice(12));
    return verdict.allowed ? verdict : { allowed: false, reason: `${embedding.reason} IPv6 of ${verdict.reason}` };
  }
  if (!inRange(v6, v6GlobalUnicast)) return { allowed: false, reason: 'not global unicast IPv6 (outside 2000::/3: loopback, unique-local, link-local, multicast …)' };
  const blocked = v6Blocked.find((range) => inRange(v6, range));
  return blocked ? { allowed: false, reason: blocked.reason } : { allowed: true };
}
