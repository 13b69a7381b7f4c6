import { ConflictError, NotFoundError, ValidationError } from '@/lib/platform/core/errors';
import type { WebhookTargetError } from './target-policy';

export function webhookEndpointNotFound(endpointId: string, organisationId: string): NotFoundError {
  return new NotFoundError('WEBHOOK_ENDPOINT_NOT_FOUND', 'The webhook endpoint does not exist.', { endpointId, organisationId });
}

export function webhookDeliveryNotFound(deliveryId: string): NotFoundError {
  return new NotFoundError('WEBHOOK_DELIVERY_NOT_FOUND', 'The webhook delivery does not exist.', { deliveryId });
}

export function webhookEndpointLimit(max: number): ConflictError {
  return new ConflictError('WEBHOOK_ENDPOINT_LIMIT', `An organisation can have at most ${max} webhook endpoints; delete one first.`, { max });
}

export function webhookEndpointDisabled(endpointId: string): ConflictError {
  return new ConflictError('WEBHOOK_ENDPOINT_DISABLED', 'The endpoint is disabled; enable it before sending to it.', { endpointId });
}

export function webhookDeliveryPending(deliveryId: string): ConflictError {
  return new ConflictError('WEBHOOK_DELIVERY_PENDING', 'This delivery is still being attempted; redeliver it once it has been delivered or has failed.', { deliveryId });
}

/** A URL the SSRF guard refuses, as a 400 on the url field (details.issues[0].code names the reason). */
export function invalidWebhookTarget(error: WebhookTargetError): ValidationError {
  return new ValidationError(error.message, { location: 'body', issues: [{ path: 'url', code: error.reason, message: error.message }] });
}
