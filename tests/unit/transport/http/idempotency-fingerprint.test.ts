import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { httpOfError } from '@/lib/transport/http/http-of-error';
import { canonicalRequestPath, fingerprintBody, validateIdempotencyKey } from '@/lib/transport/http/idempotency-fingerprint';
import { ValidationError } from '@/lib/platform/core/errors';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('fingerprintBody', () => {
  it('is the SHA-256 of the RFC 8785 canonical JSON', () => {
    expect(fingerprintBody('{"b": 2, "a": [1, "x"]}')).toBe(sha256('{"a":[1,"x"],"b":2}'));
    expect(fingerprintBody('{"b":2,"a":[1,"x"]}')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('ignores what does not change the meaning: key order, whitespace, number spelling, escapes', () => {
    const reference = fingerprintBody('{"assetId":"a1","startDate":"2030-01-01","quantity":10,"purpose":"Café"}');
    expect(fingerprintBody('{\n  "purpose": "Caf\\u00e9",\n  "quantity": 1e1,\n  "startDate": "2030-01-01",\n  "assetId": "a1"\n}')).toBe(reference);
    expect(fingerprintBody('  {"quantity":10.0,"purpose":"Café","assetId":"a1","startDate":"2030-01-01"}  ')).toBe(reference);
  });

  it('tells apart bodies whose meaning differs', () => {
    const reference = fingerprintBody('{"a":1,"b":[1,2]}');
    expect(fingerprintBody('{"a":2,"b":[1,2]}')).not.toBe(reference);
    expect(fingerprintBody('{"a":1,"b":[2,1]}')).not.toBe(reference);
    expect(fingerprintBody('{"a":"1","b":[1,2]}')).not.toBe(reference);
    expect(fingerprintBody('{"a":1,"b":[1,2],"c":null}')).not.toBe(reference);
    expect(fingerprintBody('{"A":1,"b":[1,2]}')).not.toBe(reference);
  });

  it('fingerprints as sent a JSON body that has no canonical form (an unpaired surrogate)', () => {
    const body = '{"name":"\\ud800","b":1}';
    expect(fingerprintBody(body)).toBe(sha256(body));
    expect(fingerprintBody('{"b":1,"name":"\\ud800"}')).not.toBe(fingerprintBody(body));
  });

  it('takes the last of repeated keys, as the handler’s JSON.parse does', () => {
    expect(fingerprintBody('{"a":1,"a":2}')).toBe(fingerprintBody('{"a":2}'));
  });

  it('hashes a body that is not JSON as sent, and an empty body as the empty string', () => {
    expect(fingerprintBody('')).toBe(sha256(''));
    expect(fingerprintBody('assetId=a1')).toBe(sha256('assetId=a1'));
    expect(fingerprintBody('{"a":')).toBe(sha256('{"a":'));
    expect(fingerprintBody(' ')).not.toBe(fingerprintBody(''));
  });

  it('never confuses an empty body with an empty JSON object or string', () => {
    expect(new Set([fingerprintBody(''), fingerprintBody('{}'), fingerprintBody('""'), fingerprintBody('null'), fingerprintBody('[]')]).size).toBe(5);
  });
});

describe('canonicalRequestPath', () => {
  it('is the path alone without a query', () => {
    expect(canonicalRequestPath(new URL('http://acme.localhost/api/v1/loans'))).toBe('/api/v1/loans');
  });

  it('sorts the query parameters and leaves out the demo’s routing parameter', () => {
    const a = canonicalRequestPath(new URL('http://localhost/api/v1/retention/runs?tenant=acme&dryRun=true&b=2&b=1'));
    const b = canonicalRequestPath(new URL('http://acme.localhost/api/v1/retention/runs?b=1&dryRun=true&b=2'));
    expect(a).toBe('/api/v1/retention/runs?b=1&b=2&dryRun=true');
    expect(b).toBe(a);
    expect(canonicalRequestPath(new URL('http://localhost/api/v1/retention/runs?dryRun=false'))).not.toBe(canonicalRequestPath(new URL('http://localhost/api/v1/retention/runs?dryRun=true')));
  });
});

describe('validateIdempotencyKey', () => {
  it('accepts 1 to 255 printable ASCII characters', () => {
    for (const key of ['k', '5f0c6a7e-3b1d-4c8e-9a2f-7d4e1b6c0a93', 'order 42 / retry #1 ~!', 'x'.repeat(255)]) expect(validateIdempotencyKey(key)).toBe(key);
  });

  it.each([
    ['empty', '', 'empty'],
    ['too long', 'x'.repeat(256), 'too_long'],
    ['a tab', 'a\tb', 'invalid_characters'],
    ['a non-ASCII letter', 'clé', 'invalid_characters'],
    ['a DEL', 'a\u007fb', 'invalid_characters'],
  ])('refuses a key that is %s with 400 VALIDATION_ERROR', (_name, key, reason) => {
    let error: unknown;
    try {
      validateIdempotencyKey(key);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect(httpOfError(error as ValidationError).status).toBe(400);
    expect((error as ValidationError).details).toEqual({
      location: 'header',
      parameter: 'Idempotency-Key',
      reason,
      issues: [{ path: 'Idempotency-Key', code: reason, message: 'The Idempotency-Key header must be 1 to 255 printable ASCII characters.' }],
    });
  });
});
