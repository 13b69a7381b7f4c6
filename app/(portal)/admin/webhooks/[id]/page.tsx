import { notFound } from 'next/navigation';
import { DeliveryLog } from '@/components/webhooks/delivery-log';
import { EndpointActions } from '@/components/webhooks/endpoint-actions';
import { EndpointForm } from '@/components/webhooks/endpoint-form';
import { LocalDateTime } from '@/components/portal/local-date-time';
import { ButtonLink } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { CursorPager } from '@/components/ui/cursor-pager';
import { PageHeader } from '@/components/ui/page-header';
import { DomainError } from '@/lib/platform/core/errors';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { updateWebhookEndpointAction } from '@/lib/transport/portal/actions/webhook-actions';
import { getWebhookEndpoint } from '@/lib/platform/webhooks/get-webhook-endpoint';
import { webhookEventDescriptions, webhookEventTypes } from '@/lib/platform/webhooks/event-types';
import { listWebhookDeliveries } from '@/lib/platform/webhooks/list-webhook-deliveries';
import { ListWebhookDeliveriesQuery, WebhookEndpointIdParams } from '@/lib/platform/webhooks/schemas';

export const metadata = { title: 'Webhook endpoint' };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ cursor?: string }> };

export default async function WebhookEndpointPage({ params, searchParams }: Props) {
  const portal = await requirePortalContext('ADMIN');
  const parsedId = WebhookEndpointIdParams.safeParse(await params);
  const query = ListWebhookDeliveriesQuery.safeParse({ cursor: (await searchParams).cursor, limit: 25 });
  if (!parsedId.success || !query.success) notFound();
  const id = parsedId.data.id;
  const loaded = await withPortalTransaction(portal, async (tx, ctx) => ({
    endpoint: await getWebhookEndpoint(tx, ctx, id),
    deliveries: await listWebhookDeliveries(tx, ctx, id, query.data),
  })).catch((error: unknown) => {
    // Another tenant's endpoint, or none: the same page as any unknown address.
    if (error instanceof DomainError && error.kind === 'not_found') notFound();
    throw error;
  });
  const { endpoint, deliveries } = loaded;
  const events = webhookEventTypes.map((type) => ({ type, description: webhookEventDescriptions[type] }));
  const next = deliveries.pagination.nextCursor;
  return (
    <>
      <PageHeader
        title="Webhook endpoint"
        description={<span className="break-all">{endpoint.url}</span>}
        actions={
          <ButtonLink href="/admin/webhooks" variant="ghost" size="sm">
            ← All endpoints
          </ButtonLink>
        }
      />
      <div className="space-y-6">
        <Card aria-labelledby="endpoint-actions-heading">
          <CardHeader
            id="endpoint-actions-heading"
            title="Actions"
            description={
              endpoint.previousSecretExpiresAt ? (
                <>
                  The previous secret signs beside the new one until <LocalDateTime value={endpoint.previousSecretExpiresAt} />.
                </>
              ) : (
                'One signing secret is active.'
              )
            }
          />
          <CardBody>
            <EndpointActions endpoint={endpoint} />
          </CardBody>
        </Card>
        <Card aria-labelledby="endpoint-edit-heading">
          <CardHeader id="endpoint-edit-heading" title="Settings" description="Changes are recorded in the audit log." />
          <CardBody>
            <EndpointForm action={updateWebhookEndpointAction} events={events} endpoint={endpoint} submitLabel="Save endpoint" />
          </CardBody>
        </Card>
        <Card aria-labelledby="deliveries-heading">
          <CardHeader id="deliveries-heading" title="Delivery log" description={`${deliveries.pagination.total} deliveries, newest first. Finished ones can be sent again.`} />
          <div className={deliveries.data.length ? '' : 'p-5'}>
            <DeliveryLog endpointId={endpoint.id} deliveries={deliveries.data} />
          </div>
          <CursorPager firstHref={query.data.cursor ? `/admin/webhooks/${endpoint.id}` : null} nextHref={next ? `/admin/webhooks/${endpoint.id}?cursor=${encodeURIComponent(next)}` : null} />
        </Card>
      </div>
    </>
  );
}
