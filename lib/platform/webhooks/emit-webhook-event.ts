import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '@/db/client';
import { dispatchEvent } from '@/lib/platform/jobs/dispatch-event';
import type { WebhookEventType, WebhookPayload } from './event-types';

export const WEBHOOK_DELIVERY_ENQUEUED_EVENT = 'quartermaster/webhook.enqueued';

export type WebhookEventContext = { organisationId: string; now: Date; afterCommit?: (fn: () => void) => void };

/**
 * Writes one delivery per enabled endpoint of the tenant that subscribes to `type`, in the caller's transaction
 * (DESIGN.md invariant 5): a change that rolls back sends nothing, a committed one is delivered at least once.
 * One statement, whatever the number of endpoints, and none at all is written for a tenant without any. The
 * payload is fixed now: later changes of the record do not alter what this event says.
 */
export async function emitWebhookEvent(tx: Executor, ctx: WebhookEventContext, type: WebhookEventType, data: Record<string, unknown>): Promise<number> {
  const payload: WebhookPayload = { type, timestamp: ctx.now.toISOString(), data };
  const inserted = rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into webhook_deliveries (organisation_id, endpoint_id, event_id, event_type, payload, next_attempt_at)
      select e.organisation_id, e.id, ${randomUUID()}::uuid, ${type}, ${JSON.stringify(payload)}::jsonb, ${ctx.now.toISOString()}::timestamptz
      from webhook_endpoints e
      where e.organisation_id = ${ctx.organisationId}::uuid and e.enabled and ${type} = any(e.event_types)
      returning id`),
  );
  if (inserted.length > 0) ctx.afterCommit?.(() => dispatchEvent(WEBHOOK_DELIVERY_ENQUEUED_EVENT));
  return inserted.length;
}
