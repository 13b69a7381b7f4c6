import { randomBytes } from 'node:crypto';

/** Unguessable: a QR label must not let anyone enumerate a tenant's assets. */
export function generateQrToken(): string {
  return randomBytes(16).toString('base64url');
}
