import { describe, expect, it } from 'vitest';
import { UnauthenticatedError } from '@/lib/platform/core/errors';
import { extractBearerToken } from '@/lib/platform/auth/verify-access-token';

describe('extractBearerToken', () => {
  it('accepts a single bearer token with a case-insensitive scheme', () => {
    expect(extractBearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(extractBearerToken('bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(extractBearerToken('BEARER abc-_~+/=')).toBe('abc-_~+/=');
  });

  it.each([null, '', 'Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'Bearer a b', 'Bearer a,b', 'Token abc', 'Bearerabc', 'Bearer "abc"'])(
    'rejects %j',
    (header) => {
      expect(() => extractBearerToken(header)).toThrow(UnauthenticatedError);
    },
  );

  it('reports a missing header separately from a malformed one', () => {
    expect(() => extractBearerToken(null)).toThrow(expect.objectContaining({ details: { reason: 'missing_token' } }));
    expect(() => extractBearerToken('Basic x')).toThrow(
      expect.objectContaining({ details: { reason: 'malformed_authorization_header' } }),
    );
  });
});
