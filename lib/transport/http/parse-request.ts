import { z } from 'zod';
import { DomainError, ValidationError } from '@/lib/platform/core/errors';
import { zodIssueDetails } from './zod-issues';

export const MAX_BODY_BYTES = 1_000_000;
// Far deeper than any request schema (a category's field options are the deepest, at 3); JSON.parse copes with
// any depth, but code that walks the value recursively would not.
export const MAX_JSON_DEPTH = 32;
// Consumed by proxy.ts in demo mode; not part of any endpoint's own parameters.
export const ROUTING_PARAMS: ReadonlySet<string> = new Set(['tenant']);

function validate<S extends z.ZodType>(schema: S, value: unknown, where: 'body' | 'query' | 'path'): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ValidationError(`The request ${where === 'body' ? 'body' : where === 'query' ? 'query string' : 'path'} is invalid.`, {
    location: where,
    issues: zodIssueDetails(result.error),
  });
}

export function parseParams<S extends z.ZodType>(schema: S, params: Record<string, string | string[]>): z.infer<S> {
  return validate(schema, params, 'path');
}

export function parseQuery<S extends z.ZodType>(schema: S, url: URL): z.infer<S> {
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) {
    if (ROUTING_PARAMS.has(key)) continue;
    if (key in query) throw new ValidationError(`Query parameter "${key}" is given more than once.`, { location: 'query', parameter: key, reason: 'repeated' });
    if (key.includes('\u0000') || value.includes('\u0000')) {
      throw new ValidationError(`Query parameter "${key}" contains a NUL character.`, { location: 'query', parameter: key, reason: 'nul_character' });
    }
    query[key] = value;
  }
  return validate(schema, query, 'query');
}

/** The body as text, refused (413) beyond MAX_BODY_BYTES, whether declared so or sent so. */
export async function readBodyText(request: Request): Promise<string> {
  const tooLarge = () => new DomainError('payload_too_large', 'PAYLOAD_TOO_LARGE', 'The request body is too large.', { maxBytes: MAX_BODY_BYTES });
  if (Number(request.headers.get('content-length') ?? '0') > MAX_BODY_BYTES) throw tooLarge();
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw tooLarge();
  return text;
}

export async function parseJsonBody<S extends z.ZodType>(schema: S, request: Request): Promise<z.infer<S>> {
  const contentType = request.headers.get('content-type') ?? '';
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (mediaType !== 'application/json' && !/^application\/[a-z0-9.+-]+\+json$/.test(mediaType)) {
    throw new DomainError('unsupported_media_type', 'UNSUPPORTED_MEDIA_TYPE', 'The request body must be JSON (Content-Type: application/json).', {
      contentType: contentType.slice(0, 100),
    });
  }
  const text = await readBodyText(request);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ValidationError('The request body is not valid JSON.', { location: 'body', reason: 'malformed_json' });
  }
  // PostgreSQL cannot store U+0000 in text or jsonb; refuse it here with a path instead of failing in the database.
  const problem = findUnacceptableValue(parsed, text.includes('\\u0000') || text.includes('\u0000'));
  if (problem === 'too_deep') {
    throw new ValidationError(`The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`, { location: 'body', reason: 'too_deep' });
  }
  if (problem) {
    throw new ValidationError('Strings must not contain NUL characters.', { location: 'body', issues: [{ path: problem.nulAt.join('.'), code: 'nul_character', message: 'contains a NUL character' }] });
  }
  return validate(schema, parsed, 'body');
}

/**
 * What a POST that takes no input accepts as its body: none, or an empty JSON object (which many HTTP clients send
 * for an action). Anything else is refused as any other body with an unknown field is, rather than ignored: a
 * client that sends `{"reason": …}` to approve learns that nothing keeps it.
 */
export const EmptyBody = z.strictObject({});

/**
 * The body of an operation that declares one: JSON, except that a body whose every field is optional may be left
 * out, as it could before the operation gained its first field (POST /loans/{id}/cancel and its reason).
 */
export async function parseDeclaredBody<S extends z.ZodType>(schema: S, request: Request): Promise<z.infer<S>> {
  const empty = schema.safeParse({});
  if (empty.success && (await readBodyText(request.clone())) === '') return empty.data;
  return parseJsonBody(schema, request);
}

/** The raw body of an operation that takes a file (Operation.upload): its media type and size checked, the bytes whole. */
export async function readUpload(upload: { mediaTypes: readonly string[]; maxBytes: number }, request: Request): Promise<Buffer> {
  const contentType = request.headers.get('content-type') ?? '';
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!upload.mediaTypes.includes(mediaType)) {
    throw new DomainError('unsupported_media_type', 'UNSUPPORTED_MEDIA_TYPE', `The request body must be a file of type ${upload.mediaTypes.join(' or ')}.`, { contentType: contentType.slice(0, 100) });
  }
  const tooLarge = () => new DomainError('payload_too_large', 'PAYLOAD_TOO_LARGE', 'The file is too large.', { maxBytes: upload.maxBytes });
  if (Number(request.headers.get('content-length') ?? '0') > upload.maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  if (request.body) {
    for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > upload.maxBytes) throw tooLarge();
      chunks.push(Buffer.from(chunk));
    }
  }
  return Buffer.concat(chunks);
}

export async function parseEmptyBody(request: Request): Promise<void> {
  if ((await readBodyText(request.clone())) === '') return;
  await parseJsonBody(EmptyBody, request);
}

type Pending = { value: unknown; key: string | null; parent: Pending | null; depth: number };

function pathOf(entry: Pending): string[] {
  const path: string[] = [];
  for (let at: Pending | null = entry; at && at.key !== null; at = at.parent) path.unshift(at.key);
  return path;
}

/**
 * The first reason a parsed body cannot be accepted: nesting beyond MAX_JSON_DEPTH, or a NUL in a key or string
 * (with its path). An explicit stack rather than recursion, because the depth of the JSON is the client's choice
 * (issue 11, finding 5); entries keep a link to their parent rather than a copy of their path, so memory stays
 * proportional to the body.
 */
function findUnacceptableValue(root: unknown, mayContainNul: boolean): 'too_deep' | { nulAt: string[] } | null {
  const stack: Pending[] = [{ value: root, key: null, parent: null, depth: 0 }];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const { value } = entry;
    if (mayContainNul && (entry.key?.includes('\u0000') || (typeof value === 'string' && value.includes('\u0000')))) return { nulAt: pathOf(entry) };
    if (value === null || typeof value !== 'object') continue;
    if (entry.depth >= MAX_JSON_DEPTH) return 'too_deep';
    const children = Object.entries(value);
    // Pushed last to first, so the first offence in document order is the one reported.
    for (let i = children.length - 1; i >= 0; i--) {
      const [key, child] = children[i]!;
      if (mayContainNul || (child !== null && typeof child === 'object')) stack.push({ value: child, key, parent: entry, depth: entry.depth + 1 });
    }
  }
  return null;
}
