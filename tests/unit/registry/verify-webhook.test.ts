import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '@/lib/registry/inbound/verify-webhook';
import { signWebhookPayload } from '@/scripts/registry-simulator/sign-webhook';

const secrets = ['first-secret-0123456789', 'second-secret-0123456789'];
const now = new Date('2026-03-01T12:02:00.000Z');
const payload = { event: 'person.updated', personId: 'P-100001', changedFields: ['officialEmail'], timestamp: '2026-03-01T12:00:00.000Z', deliveryId: '0f5e2c1a-8d3b-4c6e-9a7f-2b1d4e6c8a90' };

const signed = (body: Record<string, unknown>, secret = secrets[0]!) => ({ ...body, signature: signWebhookPayload(body, secret) });
const verify = (body: unknown, headerSignature: string | null = null, at = now) => verifyWebhook({ rawBody: typeof body === 'string' ? body : JSON.stringify(body), headerSignature, secrets, now: at });

describe('verifyWebhook', () => {
  it('accepts the example of docs/registry/simulator.md signed with its secret', () => {
    const example = '{"event":"person.updated","personId":"P-100001","changedFields":["officialEmail"],"timestamp":"2026-03-01T12:00:00.000Z","deliveryId":"0f5e2c1a-8d3b-4c6e-9a7f-2b1d4e6c8a90","signature":"hmac-sha256:a0370563aacd799e6102f830a8cf59fbec81a1dc135ac4ff225abb402b389958"}';
    const result = verifyWebhook({ rawBody: example, headerSignature: null, secrets: ['whsec_example_do_not_use'], now });
    expect(result).toMatchObject({ ok: true, secretIndex: 0, deliveryKey: 'delivery:0f5e2c1a-8d3b-4c6e-9a7f-2b1d4e6c8a90' });
  });

  it('accepts a signature in the body, in the header, or in both when they agree; whatever the key order of the body', () => {
    const body = signed(payload);
    expect(verify(body)).toMatchObject({ ok: true, secretIndex: 0 });
    const { signature, ...unsigned } = body;
    expect(verify(unsigned, signature)).toMatchObject({ ok: true });
    expect(verify(body, signature)).toMatchObject({ ok: true });
    const reordered = `{"timestamp":"${payload.timestamp}","signature":"${signature}","personId":"P-100001","deliveryId":"${payload.deliveryId}","event":"person.updated","changedFields":["officialEmail"]}`;
    expect(verify(reordered)).toMatchObject({ ok: true });
  });

  it('tells which secret verified: the second during a rotation', () => {
    expect(verify(signed(payload, secrets[1]))).toMatchObject({ ok: true, secretIndex: 1 });
  });

  it('refuses a forged, tampered, unknown-secret or missing signature', () => {
    expect(verify(signed(payload, 'some-other-secret-123'))).toEqual({ ok: false, reason: 'invalid_signature', event: 'person.updated' });
    expect(verify({ ...signed(payload), personId: 'P-100002' })).toMatchObject({ ok: false, reason: 'invalid_signature' });
    expect(verify({ ...payload, signature: 'hmac-sha256:abc' })).toMatchObject({ ok: false, reason: 'invalid_signature' });
    expect(verify({ ...payload, signature: 42 })).toMatchObject({ ok: false, reason: 'invalid_signature' });
    expect(verify(payload)).toMatchObject({ ok: false, reason: 'missing_signature' });
    expect(verify(signed(payload), signWebhookPayload(payload, secrets[1]!))).toMatchObject({ ok: false, reason: 'conflicting_signatures' });
  });

  it('refuses a signature over JSON.stringify instead of the RFC 8785 canonical form', () => {
    const stringified = JSON.stringify(payload);
    const wrong = `hmac-sha256:${createHmac('sha256', secrets[0]!).update(stringified).digest('hex')}`;
    expect(verify({ ...payload, signature: wrong })).toMatchObject({ ok: false, reason: 'invalid_signature' });
  });

  it('refuses a timestamp more than five minutes in the past or the future, even correctly signed', () => {
    const body = signed(payload);
    expect(verify(body, null, new Date('2026-03-01T12:05:00.000Z'))).toMatchObject({ ok: true });
    expect(verify(body, null, new Date('2026-03-01T12:05:00.001Z'))).toMatchObject({ ok: false, reason: 'stale_timestamp' });
    expect(verify(body, null, new Date('2026-03-01T11:54:59.999Z'))).toMatchObject({ ok: false, reason: 'stale_timestamp' });
  });

  it('refuses malformed bodies and signed bodies of the wrong shape', () => {
    expect(verify('not json')).toEqual({ ok: false, reason: 'malformed_body', event: null });
    expect(verify('[1,2]')).toMatchObject({ ok: false, reason: 'malformed_body' });
    expect(verify(signed({ ...payload, event: 'person.exploded' }))).toMatchObject({ ok: false, reason: 'invalid_payload' });
    expect(verify(signed({ ...payload, timestamp: 'yesterday' }))).toMatchObject({ ok: false, reason: 'invalid_payload' });
  });

  it('refuses a body nested deeper than any event before canonicalising it, whatever its depth (issue 23, item 12)', () => {
    const deep = `{"event":"person.updated","signature":"hmac-sha256:${'0'.repeat(64)}","x":${'['.repeat(50_000)}${']'.repeat(50_000)}}`;
    expect(verify(deep)).toEqual({ ok: false, reason: 'too_deep', event: 'person.updated' });
    expect(verify(signed({ ...payload, extra: { a: { b: { c: {} } } } }))).toMatchObject({ ok: false, reason: 'too_deep' });
    expect(verify(signed({ ...payload, extra: { a: { b: [] } } }))).toMatchObject({ ok: true });
  });

  it('refuses control characters and unpaired surrogates in keys and strings, naming the event only when it is clean', () => {
    expect(verify({ ...payload, event: 'person.upd\u0000ated' })).toEqual({ ok: false, reason: 'invalid_character', event: null });
    expect(verify(signed({ ...payload, changedFields: ['last\u001bName'] }))).toEqual({ ok: false, reason: 'invalid_character', event: 'person.updated' });
    expect(verify(signed({ ...payload, personId: 'P-1\u007f' }))).toMatchObject({ reason: 'invalid_character' });
    expect(verify(signed({ ...payload, personId: 'P-\ud800' }))).toMatchObject({ reason: 'invalid_character' });
    expect(verify(signed({ ...payload, ['odd\u0001key']: 1 }))).toMatchObject({ reason: 'invalid_character' });
    // A character outside the BMP is a well-formed pair, and fine.
    expect(verify(signed({ ...payload, personId: 'P-\u{1F3C3}' }))).toMatchObject({ ok: true });
  });

  it('keys a delivery without deliveryId by the hash of its canonical payload', () => {
    const { deliveryId: _omit, ...withoutId } = payload;
    const result = verify(signed(withoutId));
    expect(result).toMatchObject({ ok: true, deliveryKey: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) });
  });

  it('reads organisation and code-list events', () => {
    expect(verify(signed({ event: 'organization.updated', organizationId: 'O-2001', changedFields: ['name'], timestamp: payload.timestamp }))).toMatchObject({ ok: true });
    expect(verify(signed({ event: 'codelist.value_added', codelist: 'sport', valueCode: 'rugby', changedFields: [], timestamp: payload.timestamp }))).toMatchObject({ ok: true });
  });
});
