import { describe, expect, it } from 'vitest';
import { ConflictError, DomainError, GoneError, NotFoundError, RateLimitedError, UnauthenticatedError, ValidationError } from '@/lib/platform/core/errors';
import { ExportLimitReachedError } from '@/lib/platform/export-lease/export-limit-reached-error';
import { BucketSpentError } from '@/lib/transport/http/bucket-spent-error';
import { httpOfError } from '@/lib/transport/http/http-of-error';
import { errorResponse } from '@/lib/transport/http/responses';

describe('httpOfError: the HTTP answer of a domain error, from its kind', () => {
  it.each([
    [new ValidationError('Bad.'), 400],
    [new UnauthenticatedError(), 401],
    [new DomainError('invalid_signature', 'INVALID_SIGNATURE', 'The webhook signature could not be verified.'), 401],
    [new NotFoundError('LOAN_NOT_FOUND', 'No loan.'), 404],
    [new ConflictError('LOAN_CONFLICT', 'Taken.'), 409],
    [new GoneError('DATA_EXPORT_LINK_EXPIRED', 'Lapsed.'), 410],
    [new DomainError('unprocessable', 'IDEMPOTENCY_KEY_REUSED', 'Another request.'), 422],
    [new DomainError('unavailable', 'REGISTRY_SYNC_OFF', 'Off.'), 503],
  ])('%s answers %i', (error, status) => {
    expect(httpOfError(error).status).toBe(status);
  });

  it('challenges for a bearer token on unauthenticated only, not on a bad webhook signature', () => {
    expect(httpOfError(new UnauthenticatedError()).headers).toEqual({ 'WWW-Authenticate': 'Bearer' });
    expect(httpOfError(new DomainError('invalid_signature', 'INVALID_SIGNATURE', 'No.')).headers).toEqual({});
  });

  it('gives a rate limit Retry-After from details.retryAfterSeconds, and a spent bucket its own headers too', () => {
    expect(httpOfError(new RateLimitedError(17))).toEqual({ status: 429, headers: { 'Retry-After': '17' } });
    expect(httpOfError(new ExportLimitReachedError(2, 30))).toEqual({ status: 429, headers: { 'Retry-After': '30' } });
    expect(httpOfError(new BucketSpentError(5, { 'RateLimit-Limit': '60', 'RateLimit-Remaining': '0' })).headers).toEqual({
      'RateLimit-Limit': '60',
      'RateLimit-Remaining': '0',
      'Retry-After': '5',
    });
  });

  it('keeps the envelope to code, message and details, with the derived status and headers', async () => {
    const response = errorResponse(new BucketSpentError(5, { 'RateLimit-Limit': '60' }), 'request-1', { 'RateLimit-Limit': '1' });
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('5');
    expect(response.headers.get('RateLimit-Limit')).toBe('60');
    expect(response.headers.get('X-Request-Id')).toBe('request-1');
    expect(await response.text()).toBe(
      '{"error":{"code":"RATE_LIMITED","message":"Rate limit exceeded. Retry after the time given in Retry-After.","details":{"retryAfterSeconds":5}}}',
    );
  });
});
