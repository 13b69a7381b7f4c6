import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import canonicalize from 'canonicalize';
import { readWebhookBody, type UnreadableWebhookBody } from './read-webhook-body';
import { RegistryWebhookPayload } from './webhook-payload';

/** Spec 002 leaves it open; DESIGN.md fixes five minutes either way, which bounds how long a captured delivery could be replayed. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60 * 1000;

export type WebhookRejection = UnreadableWebhookBody | 'missing_signature' | 'conflicting_signatures' | 'invalid_signature' | 'invalid_payload' | 'stale_timestamp';

export type VerifiedWebhook = { ok: true; payload: RegistryWebhookPayload; secretIndex: number; deliveryKey: string };
export type RejectedWebhook = { ok: false; reason: WebhookRejection; event: string | null };

const signatureFormat = /^hmac-sha256:[0-9a-f]{64}$/;

function matchingSecret(canonical: string, signature: string, secrets: readonly string[]): number {
  const given = Buffer.from(signature.slice('hmac-sha256:'.length), 'hex');
  let found = -1;
  // Every secret is tried, whatever matched first, so the time taken does not tell which one did.
  secrets.forEach((secret, index) => {
    const expected = createHmac('sha256', secret).update(canonical, 'utf8').digest();
    if (expected.length === given.length && timingSafeEqual(expected, given) && found < 0) found = index;
  });
  return found;
}

/**
 * Verifies a delivery exactly as DESIGN.md states, once its body is known to be a JSON object of bounded depth
 * without odd characters (read-webhook-body.ts): the signature ("hmac-sha256:" + hex HMAC-SHA-256 of the
 * RFC 8785 canonical JSON of the body without `signature`) comes from the body and/or the X-Registry-Signature
 * header, is checked against every active secret in constant time, and only then is the payload's shape
 * trusted; its timestamp must lie within five minutes of now.
 */
export function verifyWebhook(input: { rawBody: string; headerSignature: string | null; secrets: readonly string[]; now: Date }): VerifiedWebhook | RejectedWebhook {
  // Bounded and clean before anything recurses over it or stores a piece of it.
  const read = readWebhookBody(input.rawBody);
  if (!read.ok) return { ok: false, reason: read.reason, event: read.event };
  const { signature: bodySignature, ...unsigned } = read.body;
  const claimedEvent = typeof unsigned.event === 'string' ? unsigned.event.slice(0, 64) : null;
  const reject = (reason: WebhookRejection): RejectedWebhook => ({ ok: false, reason, event: claimedEvent });
  if (bodySignature !== undefined && typeof bodySignature !== 'string') return reject('invalid_signature');
  const signature = bodySignature ?? input.headerSignature ?? null;
  if (!signature) return reject('missing_signature');
  if (bodySignature !== undefined && input.headerSignature !== null && bodySignature !== input.headerSignature) return reject('conflicting_signatures');
  if (!signatureFormat.test(signature)) return reject('invalid_signature');
  const canonical = canonicalize(unsigned);
  if (canonical === undefined) return reject('malformed_body');
  const secretIndex = matchingSecret(canonical, signature, input.secrets);
  if (secretIndex < 0) return reject('invalid_signature');
  const parsed = RegistryWebhookPayload.safeParse(unsigned);
  if (!parsed.success) return reject('invalid_payload');
  const skew = Math.abs(input.now.getTime() - Date.parse(parsed.data.timestamp));
  if (!(skew <= WEBHOOK_TOLERANCE_MS)) return reject('stale_timestamp');
  const deliveryKey = parsed.data.deliveryId ? `delivery:${parsed.data.deliveryId}` : `sha256:${createHash('sha256').update(canonical, 'utf8').digest('hex')}`;
  return { ok: true, payload: parsed.data, secretIndex, deliveryKey };
}
