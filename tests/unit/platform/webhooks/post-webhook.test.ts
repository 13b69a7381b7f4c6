import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { postWebhook } from '@/lib/platform/webhooks/post-webhook';
import type { ResolveHost } from '@/lib/platform/webhooks/target-policy';
import { generateWebhookSecret, signWebhook } from '@/lib/platform/webhooks/webhook-secret';

type Seen = { host: string | undefined; headers: IncomingHttpHeaders; body: string };
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

async function server(respond: (res: import('node:http').ServerResponse) => void = (res) => res.writeHead(200).end()) {
  const seen: Seen[] = [];
  const http = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    seen.push({ host: req.headers.host, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    respond(res);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  stops.push(async () => {
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  });
  return { port: (http.address() as AddressInfo).port, seen };
}

const relaxed = { requireHttps: false, allowPrivateTargets: true };
const guarded = { requireHttps: false, allowPrivateTargets: false };

describe('postWebhook', () => {
  it('connects to the address the guard vetted for the name (pinned), keeping the name as Host', async () => {
    const { port, seen } = await server();
    const lookups: string[] = [];
    const resolve: ResolveHost = async (hostname) => {
      lookups.push(hostname);
      return [{ address: '127.0.0.1', family: 4 }];
    };

    const response = await postWebhook(`http://hooks.example.test:${port}/in`, { 'webhook-id': 'msg_1' }, '{"a":1}', { policy: relaxed, resolve });

    expect(response).toEqual({ status: 200 });
    expect(lookups).toEqual(['hooks.example.test']);
    expect(seen).toEqual([{ host: `hooks.example.test:${port}`, headers: expect.objectContaining({ 'webhook-id': 'msg_1', 'content-type': 'application/json', 'content-length': '7' }), body: '{"a":1}' }]);
  });

  it('refuses a name that resolves to a private address when the guard is on, before any connection', async () => {
    const { port, seen } = await server();
    const rebinding: ResolveHost = async () => [{ address: '127.0.0.1', family: 4 }];
    await expect(postWebhook(`http://rebind.example.test:${port}/in`, {}, '{}', { policy: guarded, resolve: rebinding })).rejects.toMatchObject({ name: 'WebhookTargetError', reason: 'private_address' });
    await expect(postWebhook(`http://127.0.0.1:${port}/in`, {}, '{}', { policy: guarded })).rejects.toMatchObject({ reason: 'private_address' });
    await expect(postWebhook(`http://[::ffff:127.0.0.1]:${port}/in`, {}, '{}', { policy: guarded })).rejects.toMatchObject({ reason: 'private_address' });
    await expect(postWebhook(`http://127.0.0.1:${port}/in`, {}, '{}', { policy: { requireHttps: true, allowPrivateTargets: true } })).rejects.toMatchObject({ reason: 'https_required' });
    expect(seen).toHaveLength(0);
  });

  it('answers with a redirect status instead of following it', async () => {
    const { port, seen } = await server((res) => res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data' }).end());
    expect(await postWebhook(`http://127.0.0.1:${port}/in`, {}, '{}', { policy: relaxed })).toEqual({ status: 307 });
    expect(seen).toHaveLength(1);
  });

  it('gives up after the time limit', async () => {
    const { port } = await server(() => {});
    await expect(postWebhook(`http://127.0.0.1:${port}/in`, {}, '{}', { policy: relaxed, timeoutMs: 300 })).rejects.toThrow('No answer within 300 ms');
  });
});

describe('signWebhook', () => {
  it('signs per Standard Webhooks, one signature per active secret, each verifying on its own', () => {
    const current = generateWebhookSecret();
    const previous = generateWebhookSecret();
    expect(current).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = JSON.stringify({ type: 'loan.approved', timestamp: '2026-11-24T10:00:00.000Z', data: {} });
    const sentAt = new Date();

    const headers = signWebhook('0d0a7e8e-5c0b-4b8f-9a57-3a1c1f0c2a11', sentAt, body, [current, previous]);

    expect(headers['webhook-timestamp']).toBe(String(Math.floor(sentAt.getTime() / 1000)));
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Webhook(current).verify(body, headers)).toMatchObject({ type: 'loan.approved' });
    expect(new Webhook(previous).verify(body, headers)).toMatchObject({ type: 'loan.approved' });
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(current).verify(body.replace('approved', 'rejected'), headers)).toThrow();
  });
});
