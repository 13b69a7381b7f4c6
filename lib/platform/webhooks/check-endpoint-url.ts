import { getConfig } from '@/lib/platform/config';
import { invalidWebhookTarget } from './errors';
import { checkWebhookTarget, type ResolveHost, WebhookTargetError, type WebhookTargetPolicy, webhookTargetPolicy } from './target-policy';

/** The SSRF guard's inputs; the server's configuration unless a caller (a test) gives its own. */
export type EndpointUrlOptions = { policy?: WebhookTargetPolicy; resolve?: ResolveHost };

/** The URL as stored (normalised by the URL parser), once the guard accepts it; a refusal is a 400 on `url`. */
export async function checkEndpointUrl(raw: string, options: EndpointUrlOptions = {}): Promise<string> {
  try {
    const url = await checkWebhookTarget(raw, options.policy ?? webhookTargetPolicy(getConfig()), options.resolve);
    return url.href;
  } catch (error) {
    if (error instanceof WebhookTargetError) throw invalidWebhookTarget(error);
    throw error;
  }
}
