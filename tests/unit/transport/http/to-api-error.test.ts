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
