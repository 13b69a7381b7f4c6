import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '@/lib/portal/safe-return-path';

describe('safeReturnPath', () => {
  it.each([
    ['/assets/123?tab=history', '/assets/123?tab=history'],
    ['/dashboard', '/dashboard'],
    ['/loans/new?assetId=abc', '/loans/new?assetId=abc'],
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
});
