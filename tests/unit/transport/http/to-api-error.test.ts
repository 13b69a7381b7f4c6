import { describe, expect, it } from 'vitest';
import { httpOfError } from '@/lib/transport/http/http-of-error';
import { toApiError } from '@/lib/transport/http/to-api-error';

// What postgres.js throws, wrapped the way Drizzle wraps a failed query.
const databaseError = (code: string, message: string) => Object.assign(new Error('Failed query'), { cause: Object.assign(new Error(message), { code }) });

describe('toApiError: date-times PostgreSQL cannot hold (issue 23, item 13)', () => {
  it.each([
    ['22008', 'date/time field value out of range: "0000-12-31T00:01:00.000Z"'],
    ['22009', 'time zone displacement out of range: "+010000-01-01T23:58:59.000Z"'],
  ])('maps SQLSTATE %s to 400 VALIDATION_ERROR, not 500', (code, message) => {
    const error = toApiError(databaseError(code, message), 'request-1');
    expect(httpOfError(error).status).toBe(400);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details).toMatchObject({ reason: 'invalid_format' });
    // The database's words (which quote the value) stay out of the answer.
    expect(JSON.stringify(error.details)).not.toContain('010000');
  });
});

describe('toApiError: the database away during a failover (issue 27)', () => {
  it.each([
    ['25006', 'cannot execute INSERT in a read-only transaction'],
    ['57P01', 'terminating connection due to administrator command'],
    ['57P03', 'the database system is starting up'],
    ['08006', 'connection failure'],
  ])('maps SQLSTATE %s to 503 DATABASE_UNAVAILABLE with Retry-After', (code, message) => {
    const error = toApiError(databaseError(code, message), 'request-1');
    expect(error.code).toBe('DATABASE_UNAVAILABLE');
    expect(httpOfError(error)).toEqual({ status: 503, headers: { 'Retry-After': '5' } });
  });

  it.each(['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECT_TIMEOUT', 'ECONNREFUSED'])('maps the driver error %s to 503', (code) => {
    const error = toApiError(Object.assign(new Error('write CONNECTION_CLOSED 127.0.0.1:5501'), { code }), 'request-1');
    expect(error.code).toBe('DATABASE_UNAVAILABLE');
    expect(httpOfError(error).status).toBe(503);
  });

  it('still answers a defect as 500', () => {
    const error = toApiError(databaseError('42P01', 'relation "nope" does not exist'), 'request-1');
    expect(error.code).toBe('INTERNAL_ERROR');
    expect(httpOfError(error).status).toBe(500);
  });
});
