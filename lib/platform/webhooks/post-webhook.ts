import http from 'node:http';
import https from 'node:https';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { hostOf, parseWebhookUrl, type ResolveHost, resolveHost, resolveVetted, vetAddress, type WebhookTargetPolicy } from './target-policy';

export const WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_USER_AGENT = 'Quartermaster-Webhooks/1.0';

export type PostWebhookOptions = { policy: WebhookTargetPolicy; timeoutMs?: number; resolve?: ResolveHost };
export type WebhookResponse = { status: number };

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The connection's own name resolution, vetted: the socket connects to an address the guard has just
 * approved and to no other, so a name that re-resolves to an internal address later (DNS rebinding) gains
 * nothing. IP literals never reach it (Node connects to them directly), so postWebhook vets those itself.
 */
function pinnedLookup(policy: WebhookTargetPolicy, resolve: ResolveHost) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolveVetted(hostname, policy, resolve).then(
      (addresses) => {
        const usable = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        const [first] = usable;
        if (!first) return callback(Object.assign(new Error(`No IPv${options.family} address for the host`), { code: 'ENOTFOUND' }), '', 0);
        if (options.all) return callback(null, usable);
        callback(null, first.address, first.family);
      },
      (error: Error) => callback(error, '', 0),
    );
  };
}

/**
 * POSTs one webhook: vetted target, pinned address, no redirects (a 3xx is an answer like any other, and not a
 * success), no connection reuse, one time limit over connecting, sending and the response headers. Resolves with
 * the status; rejects on a refused target, a network error or the timeout. The response body is not read.
 */
export async function postWebhook(rawUrl: string, headers: Record<string, string>, body: string, options: PostWebhookOptions): Promise<WebhookResponse> {
  const url = parseWebhookUrl(rawUrl, options.policy);
  const resolve = options.resolve ?? resolveHost;
  const host = hostOf(url);
  if (isIP(host)) vetAddress(host, options.policy);
  const transport = url.protocol === 'https:' ? https : http;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  return new Promise<WebhookResponse>((settle, fail) => {
    const request = transport.request(
      url,
      {
        method: 'POST',
        agent: false,
        lookup: pinnedLookup(options.policy, resolve),
        signal,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': WEBHOOK_USER_AGENT },
      },
      (response) => {
        settle({ status: response.statusCode ?? 0 });
        response.destroy();
      },
    );
    request.on('error', (error) => fail(signal.aborted ? new Error(`No answer within ${timeoutMs} ms`) : error));
    request.end(body);
  });
}
