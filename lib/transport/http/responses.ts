import type { DomainError } from '@/lib/platform/core/errors';
import { httpOfError } from './http-of-error';

const bigintAsString = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

// A replacer makes JSON.stringify call back into JavaScript for every key; bodies rarely hold a bigint, and one
// that does makes the plain call throw (a TypeError), so only those pay for the replacer.
export function serialise(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return JSON.stringify(body, bigintAsString);
  }
}

export function json(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(serialise(body), {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...init.headers },
  });
}

export const ok = (body: unknown): Response => json(body);

export const created = (body: unknown, location: string): Response => json(body, { status: 201, headers: { Location: location } });

export const noContent = (): Response => new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });

/** The one error envelope; the status and its headers come from the error's kind (http-of-error.ts). */
export function errorResponse(error: DomainError, requestId: string, extraHeaders: Record<string, string> = {}): Response {
  const { status, headers } = httpOfError(error);
  return json(
    { error: { code: error.code, message: error.message, details: error.details } },
    { status, headers: { ...extraHeaders, ...headers, 'X-Request-Id': requestId } },
  );
}
