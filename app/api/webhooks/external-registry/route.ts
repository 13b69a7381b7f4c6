import { chargeRegistryWebhook } from '@/lib/transport/http/charge-rate-limit';
import { platformRoute, type PlatformRouteInput } from '@/lib/transport/http/platform-route';
import { json } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { served } from '@/lib/transport/operations/operation';
import * as webhook from '@/lib/transport/operations/registry/webhook';
import { getConfig } from '@/lib/platform/config';
import { DomainError, ValidationError } from '@/lib/platform/core/errors';
import { getDb } from '@/lib/platform/db/get-db';
import { dispatchEvent } from '@/lib/platform/jobs/dispatch-event';
import { WEBHOOK_MAX_DEPTH } from '@/lib/registry/inbound/read-webhook-body';
import { receiveWebhook } from '@/lib/registry/inbound/receive-webhook';
import type { WebhookRejection } from '@/lib/registry/inbound/verify-webhook';
import { REGISTRY_WEBHOOK_RECEIVED_EVENT } from '@/lib/registry/inbound/webhook-payload';

export const dynamic = 'force-dynamic';

const MAX_BODY_BYTES = 64 * 1024;

const unreadable: Partial<Record<WebhookRejection, string>> = {
  malformed_body: 'The webhook body is not a JSON object.',
  too_deep: `The webhook body is nested more than ${WEBHOOK_MAX_DEPTH} levels deep; no registry event is.`,
  invalid_character: 'The webhook body holds a control character or an unpaired surrogate in a key or a string; no registry event does.',
};

function refusal(reason: WebhookRejection): DomainError {
  const message = unreadable[reason];
  if (message) return new ValidationError(message, { location: 'body', reason });
  if (reason === 'invalid_payload') return new ValidationError('The signed webhook body does not have the shape of a registry event.', { reason });
  return new DomainError('invalid_signature', 'INVALID_SIGNATURE', reason === 'stale_timestamp' ? 'The webhook timestamp is more than 5 minutes away from now.' : 'The webhook signature could not be verified.', { reason });
}

async function receiveRegistryWebhook({ request, requestId, readBody }: PlatformRouteInput): Promise<Response> {
  const config = getConfig();
  if (!config.REGISTRY_URL || config.REGISTRY_WEBHOOK_SECRETS.length === 0) {
    throw new DomainError('unavailable', 'REGISTRY_SYNC_OFF', 'Registry synchronisation is not configured on this platform (phase 0).');
  }
  const rawBody = await readBody();
  const result = await receiveWebhook(await getDb(), {
    rawBody,
    headerSignature: request.headers.get('x-registry-signature'),
    secrets: config.REGISTRY_WEBHOOK_SECRETS,
    now: new Date(),
  });
  if (result.outcome === 'rejected') {
    // The reason only: the body of a refused delivery is never logged.
    console.warn(`[quartermaster] registry webhook refused (${result.reason}), request ${requestId}`);
    throw refusal(result.reason);
  }
  if (result.outcome === 'duplicate') return json({ status: 'duplicate' }, { status: 202 });
  if (result.process) dispatchEvent(REGISTRY_WEBHOOK_RECEIVED_EVENT);
  return json({ status: 'accepted', id: result.deliveryId }, { status: 202 });
}

// The registry only ever POSTs; another method is refused in the envelope, charged to the sender's webhook bucket.
export const { GET, POST, PUT, PATCH, DELETE } = resource(
  {
    POST: served(
      webhook.receiveRegistryWebhook,
      platformRoute({ charge: chargeRegistryWebhook, body: { contentType: 'application/json', maxBytes: MAX_BODY_BYTES, describedAs: 'A webhook body' } }, receiveRegistryWebhook),
    ),
  },
  { charge: chargeRegistryWebhook },
);
