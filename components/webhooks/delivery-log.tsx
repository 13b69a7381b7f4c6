import { LocalDateTime } from '@/components/portal/local-date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import type { WebhookDelivery } from '@/lib/platform/webhooks/schemas';
import { DeliveryStatusBadge } from './delivery-status-badge';
import { RedeliverButton } from './redeliver-button';

/** The endpoint's deliveries, newest first: what was sent, how each attempt went, and a redeliver button once finished. */
export function DeliveryLog({ endpointId, deliveries }: { endpointId: string; deliveries: WebhookDelivery[] }) {
  if (deliveries.length === 0) return <EmptyState title="Nothing delivered yet" description="Deliveries appear here as events happen, or send a test event." />;
  return (
    <Table aria-label="Delivery log">
      <THead>
        <tr>
          <TH>Event</TH>
          <TH>Status</TH>
          <TH>Attempts</TH>
          <TH>Last answer</TH>
          <TH>Created</TH>
          <TH>
            <span className="sr-only">Actions</span>
          </TH>
        </tr>
      </THead>
      <TBody>
        {deliveries.map((delivery) => (
          <TR key={delivery.id} data-testid="webhook-delivery">
            <TD>
              <code className="font-mono text-xs">{delivery.eventType}</code>
              {delivery.redeliveryOf ? <span className="block text-xs text-slate-500">Redelivery</span> : null}
            </TD>
            <TD>
              <DeliveryStatusBadge status={delivery.status} />
              {delivery.status === 'PENDING' && delivery.nextAttemptAt ? (
                <span className="block text-xs text-slate-500">
                  Next try <LocalDateTime value={delivery.nextAttemptAt} />
                </span>
              ) : null}
            </TD>
            <TD>
              {delivery.attemptCount}
              {delivery.attempts.length > 0 ? (
                <ol className="mt-1 space-y-0.5 text-xs text-slate-600">
                  {delivery.attempts.map((attempt, index) => (
                    <li key={index}>
                      <LocalDateTime value={attempt.attemptedAt} />: {attempt.responseStatus ?? 'no answer'} ({attempt.durationMs} ms)
                    </li>
                  ))}
                </ol>
              ) : null}
            </TD>
            <TD>
              {delivery.lastResponseStatus ?? '—'}
              {delivery.lastError ? <span className="block max-w-xs break-words text-xs text-red-700">{delivery.lastError}</span> : null}
            </TD>
            <TD>
              <LocalDateTime value={delivery.createdAt} />
            </TD>
            <TD>{delivery.status === 'PENDING' ? null : <RedeliverButton endpointId={endpointId} deliveryId={delivery.id} eventType={delivery.eventType} />}</TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
