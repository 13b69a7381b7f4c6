import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The one-time token of a download link: 32 random bytes, base64url; only its SHA-256 digest is stored. */
export function createDownloadToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashDownloadToken(token) };
}

export function hashDownloadToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Compares digests in constant time, so the answer's timing says nothing about how much of a guess was right. */
export function downloadTokenMatches(token: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const given = Buffer.from(hashDownloadToken(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
