import { describe, expect, it } from 'vitest';
import { DomainError } from '@/lib/platform/core/errors';
import { platformRoute } from '@/lib/transport/http/platform-route';
import { json } from '@/lib/transport/http/responses';
import { BucketSpentError } from '@/lib/transport/http/bucket-spent-error';

// A stub bucket: platformRoute charges what the route file names (the registry webhook's own bucket).
const charge = async () => ({ 'RateLimit-Limit': '60' });
const body = { contentType: 'application/json', maxBytes: 16, describedAs: 'A webhook body' };
const echo = platformRoute({ charge, body }, async ({ readBody }) => json({ body: await readBody() }, { status: 202 }));
const post = (text: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  new Request('https://example.test/api/webhooks/external-registry', { method: 'POST', body: text, headers });

async function envelope(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string; details: unknown } }).error;
}

describe('platformRoute()', () => {
  it("answers the handler's response with the bucket's headers and a request id", async () => {
    const response = await echo(post('{"a":1}'));
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ body: '{"a":1}' });
    expect(response.headers.get('RateLimit-Limit')).toBe('60');
    expect(response.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses another content type with 415, naming it', async () => {
    const response = await echo(post('{}', { 'content-type': 'text/plain; charset=utf-8' }));
    expect(response.status).toBe(415);
    expect(response.headers.get('RateLimit-Limit')).toBe('60');
    expect(await envelope(response)).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'A webhook body must be sent with Content-Type: application/json.',
      details: { contentType: 'text/plain; charset=utf-8' },
    });
  });

  it('refuses a body beyond the cap with 413, declared or sent', async () => {
    for (const request of [post('{}', { 'content-type': 'application/json', 'content-length': '17' }), post(`"${'x'.repeat(20)}"`)]) {
      const response = await echo(request);
      expect(response.status).toBe(413);
      expect(await envelope(response)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'A webhook body may have at most 16 bytes.', details: { maxBytes: 16 } });
    }
  });

  it("lets the handler's own refusal answer before the body is judged", async () => {
    const off = platformRoute({ charge, body }, async () => {
      throw new DomainError('unavailable', 'REGISTRY_SYNC_OFF', 'Off.');
    });
    const response = await off(post('{}', { 'content-type': 'text/plain' }));
    expect(response.status).toBe(503);
    expect((await envelope(response)).code).toBe('REGISTRY_SYNC_OFF');
  });

  it('answers a spent bucket 429 with its headers and Retry-After', async () => {
    const spent = platformRoute(
      {
        charge: async () => {
          throw new BucketSpentError(7, { 'RateLimit-Limit': '60', 'RateLimit-Remaining': '0' });
        },
        body,
      },
      async () => new Response('never'),
    );
    const response = await spent(post('{}'));
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('7');
    expect(response.headers.get('RateLimit-Remaining')).toBe('0');
    expect((await envelope(response)).code).toBe('RATE_LIMITED');
  });
});
