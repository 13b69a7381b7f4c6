import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { ValidationError } from '@/lib/platform/core/errors';
import { ROUTING_PARAMS } from './parse-request';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** Printable ASCII, space included; also the pattern the OpenAPI document states. */
export const IDEMPOTENCY_KEY_PATTERN = '^[\\x20-\\x7E]+$';
const PRINTABLE_ASCII = new RegExp(IDEMPOTENCY_KEY_PATTERN);

/** A client's Idempotency-Key as sent: 1 to 255 printable ASCII characters (what Stripe accepts, and a UUID fits). */
export function validateIdempotencyKey(key: string): string {
  const reason = key.length === 0 ? 'empty' : key.length > IDEMPOTENCY_KEY_MAX_LENGTH ? 'too_long' : PRINTABLE_ASCII.test(key) ? null : 'invalid_characters';
  if (!reason) return key;
  // The key is not echoed: a client may have put something private in it by mistake.
  throw new ValidationError(`The ${IDEMPOTENCY_KEY_HEADER} header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters.`, {
    location: 'header',
    parameter: IDEMPOTENCY_KEY_HEADER,
    reason,
  });
}

function parseJson(text: string): { json: unknown } | null {
  try {
    return { json: JSON.parse(text) };
  } catch {
    return null;
  }
}

/** RFC 8785 has no form for a string with an unpaired surrogate (canonicalize refuses it); such a body counts as sent. */
function canonicalJson(json: unknown): string | undefined {
  try {
    return canonicalize(json);
  } catch {
    return undefined;
  }
}

/**
 * Hex SHA-256 of what a request body means: for JSON, its RFC 8785 canonical form, so whitespace, key order and
 * the spelling of numbers (1.0, 1e0) do not make two equal bodies differ; anything else (an empty body included)
 * as sent. Canonical JSON is always valid JSON, so it never equals a body that is not.
 */
export function fingerprintBody(text: string): string {
  const parsed = text.trim() === '' ? null : parseJson(text);
  const canonical = parsed ? canonicalJson(parsed.json) : undefined;
  return createHash('sha256')
    .update(canonical ?? text, 'utf8')
    .digest('hex');
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The path a key is bound to, with its query parameters sorted (a POST's query can change what it does, as
 * dryRun does); the demo's routing parameter is left out, as the handlers never see it.
 */
export function canonicalRequestPath(url: URL): string {
  const query = [...url.searchParams].filter(([name]) => !ROUTING_PARAMS.has(name)).sort(([a, x], [b, y]) => compare(a, b) || compare(x, y));
  const search = new URLSearchParams(query).toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}
