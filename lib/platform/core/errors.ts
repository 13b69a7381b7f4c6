// Typed domain errors. lib/ throws these with a kind and a code, never an HTTP status: the edge derives that from
// the kind (lib/transport/http/http-of-error.ts, one table); lib/transport/portal/action-result.ts shows them on screens.
export type ErrorDetails = Record<string, unknown>;

/**
 * What sort of refusal an error is, for any edge to answer in its own terms (an HTTP status, a screen, an MCP
 * result). One kind per way a caller has to react, not per code.
 */
export type ErrorKind =
  /** The input is malformed or breaks a rule of its shape; details.issues names the fields. */
  | 'validation'
  /** No valid bearer token: the caller has to sign in (or get a token) first. */
  | 'unauthenticated'
  /** A signed request (the registry's webhook) whose signature does not verify; there is no token to ask for. */
  | 'invalid_signature'
  /** The caller is known and may not do this (role, plan, a rule about who decides). */
  | 'forbidden'
  | 'not_found'
  /** The endpoint exists and does not answer this method; details.allowed lists those it does. */
  | 'method_not_allowed'
  /** The request clashes with the current state of a record; it may succeed once that state changes. */
  | 'conflict'
  /** It existed and is gone for good (a one-time link already used or lapsed). */
  | 'gone'
  | 'payload_too_large'
  | 'unsupported_media_type'
  /** Well-formed, and cannot be carried out as asked (it names what nothing knows, or reuses a key for another request). */
  | 'unprocessable'
  /** Too many requests or running jobs; details.retryAfterSeconds says when to try again. */
  | 'rate_limited'
  /** A service the request needs is switched off or unreachable. */
  | 'unavailable'
  /** A defect: nothing the caller did. */
  | 'internal';

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  /** details.issues is always present ({ path, code, message }[]), so clients handle every 400 the same way. */
  constructor(message: string, details: ErrorDetails = {}) {
    const issues = details.issues ?? [{ path: String(details.parameter ?? ''), code: String(details.reason ?? 'invalid'), message }];
    super('validation', 'VALIDATION_ERROR', message, { ...details, issues });
  }
}

export class UnauthenticatedError extends DomainError {
  constructor(message = 'A valid bearer token is required.', details: ErrorDetails = {}) {
    super('unauthenticated', 'UNAUTHENTICATED', message, details);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'You do not have permission to do this.', details: ErrorDetails = {}) {
    super('forbidden', 'FORBIDDEN', message, details);
  }
}

export class NotFoundError extends DomainError {
  constructor(code: string, message: string, details: ErrorDetails = {}) {
    super('not_found', code, message, details);
  }
}

export class ConflictError extends DomainError {
  constructor(code: string, message: string, details: ErrorDetails = {}) {
    super('conflict', code, message, details);
  }
}

/** A resource that existed and is gone for good (a one-time link already used or lapsed). */
export class GoneError extends DomainError {
  constructor(code: string, message: string, details: ErrorDetails = {}) {
    super('gone', code, message, details);
  }
}

export class RateLimitedError extends DomainError {
  constructor(retryAfterSeconds: number) {
    super('rate_limited', 'RATE_LIMITED', 'Rate limit exceeded. Retry after the time given in Retry-After.', { retryAfterSeconds });
  }
}
