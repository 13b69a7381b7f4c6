import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { Config } from '@/lib/platform/config';
import { classifyAddress } from './classify-address';

/** Where webhooks may go. Production: https only, public addresses only. */
export type WebhookTargetPolicy = {
  /** Only https URLs. */
  requireHttps: boolean;
  /** Private, loopback, link-local and other internal addresses too (tests and the local demo). */
  allowPrivateTargets: boolean;
};

export function webhookTargetPolicy(config: Pick<Config, 'NODE_ENV' | 'WEBHOOK_ALLOW_PRIVATE_TARGETS'>): WebhookTargetPolicy {
  return {
    requireHttps: config.NODE_ENV === 'production' && !config.WEBHOOK_ALLOW_PRIVATE_TARGETS,
    allowPrivateTargets: config.WEBHOOK_ALLOW_PRIVATE_TARGETS,
  };
}

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Every address a host name resolves to (the system resolver by default; tests pass their own). */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export const resolveHost: ResolveHost = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

export type WebhookTargetRefusal = 'invalid_url' | 'https_required' | 'credentials_in_url' | 'private_address' | 'unresolvable_host';

/** A target the guard refuses. The message names the reason, never the URL (its query may hold a token). */
export class WebhookTargetError extends Error {
  constructor(
    readonly reason: WebhookTargetRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'WebhookTargetError';
  }
}

/** The URL's host as an IP literal or a name ([::1] -> ::1). */
export function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/** What can be said of a URL without the network: a parseable http(s) URL, https where required, no user:password@. */
export function parseWebhookUrl(raw: string, policy: WebhookTargetPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookTargetError('invalid_url', 'Enter a full URL, such as https://example.com/webhooks.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new WebhookTargetError('invalid_url', 'Use an https:// URL.');
  if (policy.requireHttps && url.protocol !== 'https:') throw new WebhookTargetError('https_required', 'Use an https:// URL: webhooks are sent over TLS only.');
  if (url.username || url.password) throw new WebhookTargetError('credentials_in_url', 'Leave user name and password out of the URL; the signature authenticates each webhook.');
  return url;
}

/** Refuses an address the policy does not allow; the reason names the range, e.g. "loopback (127.0.0.0/8)". */
export function vetAddress(address: string, policy: WebhookTargetPolicy): void {
  if (policy.allowPrivateTargets) return;
  const verdict = classifyAddress(address);
  if (!verdict.allowed) throw new WebhookTargetError('private_address', `Webhooks cannot be sent to a ${verdict.reason} address.`);
}

/**
 * Every address the host resolves to, each vetted: one internal answer refuses the host, so a name that mixes
 * public and private records cannot reach the private one.
 */
export async function resolveVetted(hostname: string, policy: WebhookTargetPolicy, resolve: ResolveHost = resolveHost): Promise<ResolvedAddress[]> {
  if (isIP(hostname)) {
    vetAddress(hostname, policy);
    return [{ address: hostname, family: isIP(hostname) === 6 ? 6 : 4 }];
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(hostname);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0) throw new WebhookTargetError('unresolvable_host', 'The host name of the URL does not resolve to any address.');
  for (const { address } of addresses) vetAddress(address, policy);
  return addresses;
}

/** The registration-time check: the URL's form, then every address its host resolves to now. */
export async function checkWebhookTarget(raw: string, policy: WebhookTargetPolicy, resolve: ResolveHost = resolveHost): Promise<URL> {
  const url = parseWebhookUrl(raw, policy);
  await resolveVetted(hostOf(url), policy, resolve);
  return url;
}
