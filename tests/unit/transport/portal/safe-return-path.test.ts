import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '@/lib/transport/portal/safe-return-path';

describe('safeReturnPath', () => {
  it.each([
    ['/assets/123?tab=history', '/assets/123?tab=history'],
    ['/dashboard', '/dashboard'],
    ['/loans/new?assetId=abc', '/loans/new?assetId=abc'],
    ['/assets/./123', '/assets/123'],
    ['/assets?q=a%2Fb', '/assets?q=a%2Fb'],
  ])('keeps the on-site path %s', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });

  it.each([
    ['//evil.example/steal'],
    ['/\\evil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    ['evil.example'],
    ['/login?callbackUrl=/dashboard'],
    ['/api/v1/assets'],
    [''],
    [null],
    [undefined],
    [`/${'a'.repeat(3000)}`],
  ])('falls back to the dashboard for %s', (input) => {
    expect(safeReturnPath(input)).toBe('/dashboard');
  });

  // Issue 11, finding 1: each of these passed the raw check and normalised to "//evil.example".
  it.each([
    ['/.//evil.example/phish'],
    ['/..//evil.example'],
    ['/%2e//evil.example'],
    ['/%2E%2E//evil.example'],
    ['/a/..//evil.example'],
    ['/a/b/../..//evil.example'],
    ['/.%2f/evil.example'],
    ['/%2f%2fevil.example'],
    ['/%2F/evil.example'],
    ['/%5cevil.example'],
    ['/%5C%5Cevil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/\r\n/evil.example'],
    ['/.\\/evil.example'],
    ['/%zz'],
  ])('never leaves the site for %j', (input) => {
    expect(safeReturnPath(input)).toBe('/dashboard');
  });
});
