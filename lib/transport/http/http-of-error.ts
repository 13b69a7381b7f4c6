import type { DomainError, ErrorKind } from '@/lib/platform/core/errors';
import { BucketSpentError } from './bucket-spent-error';

type HttpOfKind = { status: number; headers?: (error: DomainError) => Record<string, string> };

/**
 * The one table from a domain error's kind to its HTTP answer: the status, and the headers the status calls for.
 * The error envelope (responses.ts), the idempotency store and the OpenAPI error catalogue all read it.
 */
const httpOfKind: Record<ErrorKind, HttpOfKind> = {
  validation: { status: 400 },
  unauthenticated: { status: 401, headers: () => ({ 'WWW-Authenticate': 'Bearer' }) },
  // The registry signs its deliveries; it has no token to send, so no Bearer challenge.
  invalid_signature: { status: 401 },
  forbidden: { status: 403 },
  not_found: { status: 404 },
  method_not_allowed: { status: 405 },
  conflict: { status: 409 },
  gone: { status: 410 },
  payload_too_large: { status: 413 },
  unsupported_media_type: { status: 415 },
  unprocessable: { status: 422 },
  rate_limited: {
    status: 429,
    headers: (error) => ({
      ...(error instanceof BucketSpentError ? error.limitHeaders : {}),
      'Retry-After': String(error.details.retryAfterSeconds),
    }),
  },
  internal: { status: 500 },
  unavailable: {
    status: 503,
    headers: (error): Record<string, string> => (typeof error.details.retryAfterSeconds === 'number' ? { 'Retry-After': String(error.details.retryAfterSeconds) } : {}),
  },
};

export const httpStatusOf = (kind: ErrorKind): number => httpOfKind[kind].status;

/** The HTTP status and headers of a domain error's answer. */
export function httpOfError(error: DomainError): { status: number; headers: Record<string, string> } {
  const { status, headers } = httpOfKind[error.kind];
  return { status, headers: headers?.(error) ?? {} };
}
