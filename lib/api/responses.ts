import type { ApiError } from '@/lib/core/errors';

function serialise(body: unknown): string {
  return JSON.stringify(body, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
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

export function errorResponse(error: ApiError, requestId: string, extraHeaders: Record<string, string> = {}): Response {
  return json(
    { error: { code: error.code, message: error.message, details: error.details } },
    { status: error.status, headers: { ...extraHeaders, ...error.headers, 'X-Request-Id': requestId } },
  );
}
