import type { z } from 'zod';
import { ApiError, ValidationError } from '@/lib/core/errors';
import { zodIssueDetails } from './zod-issues';

const MAX_BODY_BYTES = 1_000_000;
// Consumed by proxy.ts in demo mode; not part of any endpoint's own parameters.
const ROUTING_PARAMS = new Set(['tenant']);

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

export async function parseJsonBody<S extends z.ZodType>(schema: S, request: Request): Promise<z.infer<S>> {
  const contentType = request.headers.get('content-type') ?? '';
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (mediaType !== 'application/json' && !/^application\/[a-z0-9.+-]+\+json$/.test(mediaType)) {
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The request body must be JSON (Content-Type: application/json).', {
      contentType: contentType.slice(0, 100),
    });
  }
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.', { maxBytes: MAX_BODY_BYTES });
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) {
    throw new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.', { maxBytes: MAX_BODY_BYTES });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ValidationError('The request body is not valid JSON.', { location: 'body', reason: 'malformed_json' });
  }
  // PostgreSQL cannot store U+0000 in text or jsonb; refuse it here with a path instead of failing in the database.
  if (text.includes('\\u0000') || text.includes('\u0000')) {
    const path = findNulPath(parsed, []);
    if (path) throw new ValidationError('Strings must not contain NUL characters.', { location: 'body', issues: [{ path: path.join('.'), code: 'nul_character', message: 'contains a NUL character' }] });
  }
  return validate(schema, parsed, 'body');
}

function findNulPath(value: unknown, path: string[]): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = findNulPath(child, [...path, key]);
    if (found) return found;
  }
  return null;
}
