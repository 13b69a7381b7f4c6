import { describe, expect, it } from 'vitest';
import { isLocalWebDomain } from '@/lib/platform/config';
import { checkWebhookTarget, parseWebhookUrl, type ResolveHost, WebhookTargetError, webhookTargetPolicy } from '@/lib/platform/webhooks/target-policy';

const production = { requireHttps: true, allowPrivateTargets: false };
const relaxed = { requireHttps: false, allowPrivateTargets: true };

const resolver = (answers: Record<string, string[]>): ResolveHost => async (hostname) => {
  const addresses = answers[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

async function refusal(promise: Promise<unknown>): Promise<WebhookTargetError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(WebhookTargetError);
  return error as WebhookTargetError;
}

describe('webhook target policy', () => {
  it('is https-only and public-only in production unless private targets are allowed', () => {
    expect(webhookTargetPolicy({ NODE_ENV: 'production', WEBHOOK_ALLOW_PRIVATE_TARGETS: false })).toEqual(production);
    expect(webhookTargetPolicy({ NODE_ENV: 'development', WEBHOOK_ALLOW_PRIVATE_TARGETS: false })).toEqual({ requireHttps: false, allowPrivateTargets: false });
    expect(webhookTargetPolicy({ NODE_ENV: 'production', WEBHOOK_ALLOW_PRIVATE_TARGETS: true })).toEqual(relaxed);
  });

  it('treats only localhost web domains as local (where production may relax the guard)', () => {
    expect(['localhost', 'LOCALHOST:3000', 'acme.localhost', '127.0.0.1'].map(isLocalWebDomain)).toEqual([true, true, true, true]);
    expect(['quartermaster.app', 'localhost.example.com', 'example.localhostx'].map(isLocalWebDomain)).toEqual([false, false, false]);
  });

  it.each([
    ['not a url', 'invalid_url'],
    ['ftp://example.com/x', 'invalid_url'],
    ['file:///etc/passwd', 'invalid_url'],
    ['http://example.com/x', 'https_required'],
    ['https://user:secret@example.com/x', 'credentials_in_url'],
  ])('refuses the form of %s (%s)', (url, reason) => {
    let error: unknown;
    try {
      parseWebhookUrl(url, production);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ reason });
    expect((error as Error).message).not.toContain('secret');
  });

  it('checks every address a name resolves to: one internal answer refuses the host', async () => {
    const resolve = resolver({ 'hooks.example.com': ['93.184.216.34'], 'mixed.example.com': ['93.184.216.34', '10.0.0.5'], 'v6.example.com': ['2606:4700::1', 'fd00::1'] });
    await expect(checkWebhookTarget('https://hooks.example.com/x?token=1', production, resolve)).resolves.toBeInstanceOf(URL);
    expect(await refusal(checkWebhookTarget('https://mixed.example.com/x', production, resolve))).toMatchObject({ reason: 'private_address', message: expect.stringContaining('private (10.0.0.0/8)') });
    expect(await refusal(checkWebhookTarget('https://v6.example.com/x', production, resolve))).toMatchObject({ reason: 'private_address' });
    expect(await refusal(checkWebhookTarget('https://gone.example.com/x', production, resolve))).toMatchObject({ reason: 'unresolvable_host' });
  });

  it('reads IP literals in every form the URL parser accepts', async () => {
    const resolve = resolver({});
    for (const url of ['https://127.1/', 'https://0x7f000001/', 'https://2130706433/', 'https://017700000001/', 'https://[::ffff:127.0.0.1]/', 'https://[0:0:0:0:0:ffff:7f00:1]/']) {
      expect(await refusal(checkWebhookTarget(url, production, resolve)), url).toMatchObject({ reason: 'private_address', message: expect.stringContaining('loopback') });
    }
    await expect(checkWebhookTarget('https://[2606:4700:4700::1111]/', production, resolve)).resolves.toBeInstanceOf(URL);
  });

  it('lets tests and the demo reach 127.0.0.1 over http when private targets are allowed', async () => {
    await expect(checkWebhookTarget('http://127.0.0.1:4000/hooks', relaxed, resolver({}))).resolves.toMatchObject({ host: '127.0.0.1:4000' });
  });
});
