// Typed domain errors. lib/ throws these; lib/transport/http/to-api-error.ts maps them to HTTP and lib/transport/portal/action-result.ts to screens.
export type ErrorDetails = Record<string, unknown>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetails = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends ApiError {
  /** details.issues is always present ({ path, code, message }[]), so clients handle every 400 the same way. */
  constructor(message: string, details: ErrorDetails = {}) {
    const issues = details.issues ?? [{ path: String(details.parameter ?? ''), code: String(details.reason ?? 'invalid'), message }];
    super(400, 'VALIDATION_ERROR', message, { ...details, issues });
  }
}

export class UnauthenticatedError extends ApiError {
  constructor(message = 'A valid bearer token is required.', details: ErrorDetails = {}) {
    super(401, 'UNAUTHENTICATED', message, details, { 'WWW-Authenticate': 'Bearer' });
  }
}

export class ForbiddenError extends ApiError {
  constructor(message = 'You do not have permission to do this.', details: ErrorDetails = {}) {
    super(403, 'FORBIDDEN', message, details);
  }
}

export class NotFoundError extends ApiError {
  constructor(code: string, message: string, details: ErrorDetails = {}) {
    super(404, code, message, details);
  }
}

export class ConflictError extends ApiError {
  constructor(code: string, message: string, details: ErrorDetails = {}) {
    super(409, code, message, details);
  }
}

/** A resource that existed and is gone for good (a one-time link already used or lapsed). */
export class GoneError extends ApiError {
  constructor(code: string, message: string, details: ErrorDetails = {}) {
    super(410, code, message, details);
  }
}

export class RateLimitedError extends ApiError {
  constructor(retryAfterSeconds: number, headers: Record<string, string>) {
    super(429, 'RATE_LIMITED', 'Rate limit exceeded. Retry after the time given in Retry-After.', { retryAfterSeconds }, {
      ...headers,
      'Retry-After': String(retryAfterSeconds),
    });
  }
}
