import { readFileSync } from 'node:fs';
import { createHmac } from 'node:crypto';
import canonicalize from 'canonicalize';
import { describe, expect, it } from 'vitest';
import { signWebhookPayload } from '@/scripts/registry-simulator/sign-webhook';

// The examples published in RFC 8785 (JSON Canonicalization Scheme), sections 3.2.2 and 3.2.3.
describe('RFC 8785 canonical JSON', () => {
  it('serialises the primitives of section 3.2.2 as the RFC prints them', () => {
    const input = JSON.parse(
      '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001], "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/", "literals": [null, true, false]}',
    );
    expect(canonicalize(input)).toBe('{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}');
  });

  it('sorts property names by UTF-16 code units as in section 3.2.3', () => {
    const input = JSON.parse(
      '{"\\u20ac": "Euro Sign", "\\r": "Carriage Return", "\\ufb33": "Hebrew Letter Dalet With Dagesh", "1": "One", "\\ud83d\\ude00": "Emoji: Grinning Face", "\\u0080": "Control", "\\u00f6": "Latin Small Letter O With Diaeresis"}',
    );
    expect(canonicalize(input)).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis","\u20ac":"Euro Sign","\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
  });

  it('ignores locale when sorting (French words keep code-unit order)', () => {
    expect(canonicalize({ sin: 1, pêche: 2, péché: 3, peach: 4 })).toBe('{"peach":4,"péché":3,"pêche":2,"sin":1}');
  });
});

describe('signWebhookPayload', () => {
  const payload = { event: 'person.updated', personId: 'P-100001', changedFields: ['officialEmail'], timestamp: '2026-03-01T12:00:00.000Z', deliveryId: 'd-1' };

  it('is hmac-sha256: and the hex HMAC of the canonical payload, whatever the key order', () => {
    const expected = createHmac('sha256', 'whsec_test').update('{"changedFields":["officialEmail"],"deliveryId":"d-1","event":"person.updated","personId":"P-100001","timestamp":"2026-03-01T12:00:00.000Z"}').digest('hex');
    expect(signWebhookPayload(payload, 'whsec_test')).toBe(`hmac-sha256:${expected}`);
    const reordered = { timestamp: payload.timestamp, personId: payload.personId, deliveryId: 'd-1', changedFields: ['officialEmail'], event: 'person.updated' };
    expect(signWebhookPayload(reordered, 'whsec_test')).toBe(`hmac-sha256:${expected}`);
  });

  it('leaves a signature field out of what it signs, and changes with the secret or any value', () => {
    const signature = signWebhookPayload(payload, 'whsec_test');
    expect(signWebhookPayload({ ...payload, signature: 'hmac-sha256:00' }, 'whsec_test')).toBe(signature);
    expect(signWebhookPayload(payload, 'whsec_other')).not.toBe(signature);
    expect(signWebhookPayload({ ...payload, personId: 'P-100002' }, 'whsec_test')).not.toBe(signature);
  });
});

describe('the webhook example of docs/registry/simulator.md', () => {
  it('carries the signature the simulator computes for it', () => {
    const body = {
      event: 'person.updated',
      personId: 'P-100001',
      changedFields: ['officialEmail'],
      timestamp: '2026-03-01T12:00:00.000Z',
      deliveryId: '0f5e2c1a-8d3b-4c6e-9a7f-2b1d4e6c8a90',
      signature: 'hmac-sha256:a0370563aacd799e6102f830a8cf59fbec81a1dc135ac4ff225abb402b389958',
    };
    expect(signWebhookPayload(body, 'whsec_example_do_not_use')).toBe(body.signature);
    expect(readFileSync('docs/registry/simulator.md', 'utf8')).toContain(JSON.stringify(body));
  });
});
