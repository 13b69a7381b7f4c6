import { describe, expect, it } from 'vitest';
import { deriveFieldKey } from '@/lib/lending/categories/derive-field-key';

describe('deriveFieldKey', () => {
  it('makes a key the API accepts from a label, in camel case', () => {
    expect(deriveFieldKey('Size (inches)', new Set())).toBe('sizeInches');
    expect(deriveFieldKey('RAM (GB)', new Set())).toBe('ramGb');
    expect(deriveFieldKey('Größe', new Set())).toBe('grosse');
    expect(deriveFieldKey('Licence plate', new Set())).toMatch(/^[a-zA-Z][a-zA-Z0-9_]{0,63}$/);
  });

  it('starts with a letter whatever the label starts with', () => {
    expect(deriveFieldKey('2nd owner', new Set())).toBe('field2ndOwner');
    expect(deriveFieldKey('€ €', new Set())).toBe('field');
  });

  it('never takes a key another field has', () => {
    expect(deriveFieldKey('Size', new Set(['size']))).toBe('size2');
    expect(deriveFieldKey('Size!', new Set(['size', 'size2']))).toBe('size3');
  });

  it('keeps long labels within the key length the API allows', () => {
    expect(deriveFieldKey('word '.repeat(40), new Set()).length).toBeLessThanOrEqual(64);
  });
});
