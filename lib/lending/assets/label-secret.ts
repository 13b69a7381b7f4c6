import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The secret printed on an asset's label, in its QR code (/q/<secret>) and as text under it. */
export const LABEL_SECRET_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** 128 random bits: a label cannot be guessed, and its digest needs no key to resist a search. */
export function generateLabelSecret(): string {
  return randomBytes(16).toString('base64url');
}

/** Only this digest is stored (migration 0015 computes the same for labels printed before it). */
export function hashLabelSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Whether a scanned code is the asset's current label; an asset without a printed label matches nothing. */
export function labelSecretMatches(secret: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const scanned = Buffer.from(hashLabelSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return scanned.length === stored.length && timingSafeEqual(scanned, stored);
}
