import { isIP } from 'node:net';

const unknownClient = 'unknown';

/**
 * The client address a rate-limit bucket is keyed by. Only proxies the operator trusts may speak for the client:
 * each appends its peer to X-Forwarded-For, so the client is the entry `trustedHops` from the right; entries
 * further left are whatever the client wrote. Next.js fills the header from the socket only when a request
 * arrives without one, so with no trusted proxy there is no address a client could not forge, and every client
 * is the same unknown one.
 */
export function clientAddress(headers: Headers, trustedHops: number): string {
  if (trustedHops < 1) return unknownClient;
  const hops = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return normaliseAddress(hops[Math.max(0, hops.length - trustedHops)]) ?? unknownClient;
}

function normaliseAddress(entry: string | undefined): string | null {
  if (!entry) return null;
  const address = entry.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  return isIP(address) === 0 ? null : address;
}
