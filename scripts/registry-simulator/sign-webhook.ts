import { createHmac } from 'node:crypto';
import canonicalize from 'canonicalize';

/** "hmac-sha256:" + hex HMAC-SHA-256 over the RFC 8785 (JCS) canonical JSON of the payload without `signature`. */
export function signWebhookPayload(payload: Record<string, unknown>, secret: string): string {
  const { signature: _ignored, ...unsigned } = payload;
  const canonical = canonicalize(unsigned);
  if (canonical === undefined) throw new Error('A webhook payload must be a JSON object.');
  return `hmac-sha256:${createHmac('sha256', secret).update(canonical, 'utf8').digest('hex')}`;
}
