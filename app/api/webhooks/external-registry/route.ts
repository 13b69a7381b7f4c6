import { randomUUID } from 'node:crypto';
import { chargeRegistryWebhook, type LimitHeaders } from '@/lib/api/charge-rate-limit';
import { errorResponse, json } from '@/lib/api/responses';
import { getConfig } from '@/lib/config';
import { ApiError, RateLimitedError, ValidationError } from '@/lib/core/errors';
import { getDb } from '@/lib/db/get-db';
import { dispatchEvent } from '@/lib/jobs/dispatch-event';
import { receiveWebhook } from '@/lib/registry/receive-webhook';
import { REGISTRY_WEBHOOK_RECEIVED_EVENT } from '@/lib/registry/webhook-payload';

export const dynamic = 'force-dynamic';

const MAX_BODY_BYTES = 64 * 1024;

// POST /api/webhooks/external-registry – the registry's signed events (spec 002); not per tenant
export async function POST(request: Request): Promise<Response> {
  const requestId = randomUUID();
  let limitHeaders: LimitHeaders;
  try {
    limitHeaders = await chargeRegistryWebhook(request);
  } catch (error) {
    if (error instanceof RateLimitedError) return errorResponse(error, requestId);
    throw error;
  }
  const config = getConfig();
  if (!config.REGISTRY_URL || config.REGISTRY_WEBHOOK_SECRETS.length === 0) {
    return errorResponse(new ApiError(503, 'REGISTRY_SYNC_OFF', 'Registry synchronisation is not configured on this platform (phase 0).'), requestId, limitHeaders);
  }
  const tooLarge = () => errorResponse(new ApiError(413, 'PAYLOAD_TOO_LARGE', `A webhook body may have at most ${MAX_BODY_BYTES} bytes.`, { maxBytes: MAX_BODY_BYTES }), requestId, limitHeaders);
  // The declared length is checked before reading, the real one after (a chunked body declares none).
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) return tooLarge();
  const rawBody = await request.text();
  if (Buffer.byteLength(rawBody, 'utf8') > MAX_BODY_BYTES) return tooLarge();
  const result = await receiveWebhook(await getDb(), {
    rawBody,
    headerSignature: request.headers.get('x-registry-signature'),
    secrets: config.REGISTRY_WEBHOOK_SECRETS,
    now: new Date(),
  });
  if (result.outcome === 'rejected') {
    // The reason only: the body of a refused delivery is never logged.
    console.warn(`[quartermaster] registry webhook refused (${result.reason}), request ${requestId}`);
    if (result.reason === 'invalid_payload') {
      return errorResponse(new ValidationError('The signed webhook body does not have the shape of a registry event.', { reason: result.reason }), requestId, limitHeaders);
    }
    const message = result.reason === 'stale_timestamp' ? 'The webhook timestamp is more than 5 minutes away from now.' : 'The webhook signature could not be verified.';
    return errorResponse(new ApiError(401, 'INVALID_SIGNATURE', message, { reason: result.reason }), requestId, limitHeaders);
  }
  if (result.outcome === 'duplicate') return json({ status: 'duplicate' }, { status: 202, headers: { ...limitHeaders, 'X-Request-Id': requestId } });
  if (result.process) dispatchEvent(REGISTRY_WEBHOOK_RECEIVED_EVENT);
  return json({ status: 'accepted', id: result.deliveryId }, { status: 202, headers: { ...limitHeaders, 'X-Request-Id': requestId } });
}
