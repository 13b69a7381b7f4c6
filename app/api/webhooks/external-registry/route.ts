import { randomUUID } from 'node:crypto';
import { chargeRegistryWebhook, type LimitHeaders } from '@/lib/transport/http/charge-rate-limit';
import { errorResponse, json } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { toApiError } from '@/lib/transport/http/to-api-error';
import { getConfig } from '@/lib/platform/config';
import { ApiError, ValidationError } from '@/lib/platform/core/errors';
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

function refusal(reason: WebhookRejection): ApiError {
  const message = unreadable[reason];
  if (message) return new ValidationError(message, { location: 'body', reason });
  if (reason === 'invalid_payload') return new ValidationError('The signed webhook body does not have the shape of a registry event.', { reason });
  return new ApiError(401, 'INVALID_SIGNATURE', reason === 'stale_timestamp' ? 'The webhook timestamp is more than 5 minutes away from now.' : 'The webhook signature could not be verified.', { reason });
}

// POST /api/webhooks/external-registry – the registry's signed events (spec 002); not per tenant
async function receiveRegistryWebhook(request: Request): Promise<Response> {
  const requestId = randomUUID();
  let limitHeaders: LimitHeaders = {};
  // Every answer, an unexpected failure included, leaves in the error envelope with the rate-limit headers spent so far.
  try {
    limitHeaders = await chargeRegistryWebhook(request);
    const config = getConfig();
    if (!config.REGISTRY_URL || config.REGISTRY_WEBHOOK_SECRETS.length === 0) {
      throw new ApiError(503, 'REGISTRY_SYNC_OFF', 'Registry synchronisation is not configured on this platform (phase 0).');
    }
    const contentType = request.headers.get('content-type') ?? '';
    if (contentType.split(';')[0]!.trim().toLowerCase() !== 'application/json') {
      throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'A webhook body must be sent with Content-Type: application/json.', { contentType: contentType.slice(0, 100) });
    }
    const tooLarge = () => new ApiError(413, 'PAYLOAD_TOO_LARGE', `A webhook body may have at most ${MAX_BODY_BYTES} bytes.`, { maxBytes: MAX_BODY_BYTES });
    // The declared length is checked before reading, the real one after (a chunked body declares none).
    if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) throw tooLarge();
    const rawBody = await request.text();
    if (Buffer.byteLength(rawBody, 'utf8') > MAX_BODY_BYTES) throw tooLarge();
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
    const headers = { ...limitHeaders, 'X-Request-Id': requestId };
    if (result.outcome === 'duplicate') return json({ status: 'duplicate' }, { status: 202, headers });
    if (result.process) dispatchEvent(REGISTRY_WEBHOOK_RECEIVED_EVENT);
    return json({ status: 'accepted', id: result.deliveryId }, { status: 202, headers });
  } catch (error) {
    return errorResponse(toApiError(error, requestId), requestId, limitHeaders);
  }
}

// The registry only ever POSTs; another method is refused in the envelope, charged to the sender's webhook bucket.
export const { GET, POST, PUT, PATCH, DELETE } = resource(
  {
    POST: receiveRegistryWebhook,
  },
  { charge: chargeRegistryWebhook },
);
