import { createHmac } from 'node:crypto';
import canonicalize from 'canonicalize';

/** "hmac-sha256:" + hex HMAC-SHA-256 over the RFC 8785 (JCS) canonical JSON of the payload without `signature`. */
export function signWebhookPayload(payload: Record<string, unknown>, secret: string): string {
  const { signature: _ignored, ...unsigned } = payload;
  const canonical = canonicalOrAsIs(unsigned);
  if (canonical === undefined) throw new Error('A webhook payload must be a JSON object.');
  return `hmac-sha256:${createHmac('sha256', secret).update(canonical, 'utf8').digest('hex')}`;
}

/**
 * RFC 8785 has no form for a string with an unpaired surrogate, and canonicalize refuses one. The simulator still
 * signs such a payload (the tests send one, as a faulty registry might), over its plain JSON: the app refuses the
 * character before it checks any signature (lib/registry/inbound/read-webhook-body.ts).
 */
function canonicalOrAsIs(unsigned: Record<string, unknown>): string | undefined {
  try {
    return canonicalize(unsigned);
  } catch (error) {
    if (error instanceof Error && /surrogate/i.test(error.message)) return JSON.stringify(unsigned);
    throw error;
  }
}
