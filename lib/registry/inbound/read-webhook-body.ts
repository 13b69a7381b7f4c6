/**
 * Containers nested deeper than this are refused. A registry event is an object holding one array of strings (2);
 * the canonicalisation that precedes the signature check recurses, so the sender must not choose the depth.
 */
export const WEBHOOK_MAX_DEPTH = 4;

// C0 controls and DEL have no place in an event name, an id or a field name, and PostgreSQL refuses U+0000 in
// text; an unpaired surrogate is no character at all. Both are refused before anything is stored.
const oddCharacter = /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export type UnreadableWebhookBody = 'malformed_body' | 'too_deep' | 'invalid_character';
export type WebhookBody = { ok: true; body: Record<string, unknown> } | { ok: false; reason: UnreadableWebhookBody; event: string | null };

const isOdd = (text: string) => oddCharacter.test(text);

/**
 * The delivery as a JSON object, or why it is not one the platform can read: not JSON or not an object, nested
 * beyond WEBHOOK_MAX_DEPTH, or holding an odd character in a key or a string. Walked with an explicit stack, as
 * the depth is the sender's choice. A refusal names the event the body claims when that name is clean, so the
 * delivery log can show it.
 */
export function readWebhookBody(rawBody: string): WebhookBody {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    return { ok: false, reason: 'malformed_body', event: null };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { ok: false, reason: 'malformed_body', event: null };
  const body = parsed as Record<string, unknown>;
  const event = typeof body.event === 'string' && !isOdd(body.event) ? body.event.slice(0, 64) : null;
  const stack: { value: unknown; depth: number }[] = [{ value: body, depth: 1 }];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    if (entry.depth > WEBHOOK_MAX_DEPTH) return { ok: false, reason: 'too_deep', event };
    for (const [key, child] of Object.entries(entry.value as object)) {
      if (isOdd(key) || (typeof child === 'string' && isOdd(child))) return { ok: false, reason: 'invalid_character', event };
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth: entry.depth + 1 });
    }
  }
  return { ok: true, body };
}
