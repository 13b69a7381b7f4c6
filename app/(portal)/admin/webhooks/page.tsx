import Link from 'next/link';
import { EndpointForm } from '@/components/webhooks/endpoint-form';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { createWebhookEndpointAction } from '@/lib/transport/portal/actions/webhook-actions';
import { webhookEventDescriptions, webhookEventTypes } from '@/lib/platform/webhooks/event-types';
import { listWebhookEndpoints } from '@/lib/platform/webhooks/list-webhook-endpoints';
import { MAX_WEBHOOK_ENDPOINTS } from '@/lib/platform/webhooks/schemas';

export const metadata = { title: 'Webhooks' };

export default async function WebhooksPage() {
  const portal = await requirePortalContext('ADMIN');
  const { data: endpoints } = await withPortalTransaction(portal, (tx, ctx) => listWebhookEndpoints(tx, ctx, { limit: MAX_WEBHOOK_ENDPOINTS }));
  const events = webhookEventTypes.map((type) => ({ type, description: webhookEventDescriptions[type] }));
  return (
    <>
      <PageHeader title="Webhooks" description="Push loan and asset events to your other systems as they happen, signed per Standard Webhooks." />
      <div className="space-y-6">
        <Card aria-labelledby="endpoints-heading">
          <CardHeader id="endpoints-heading" title="Endpoints" description={`Up to ${MAX_WEBHOOK_ENDPOINTS}. Open one to edit it, rotate its secret or see its delivery log.`} />
          <div className={endpoints.length ? '' : 'p-5'}>
            {endpoints.length === 0 ? (
              <EmptyState title="No endpoints yet" description="Add the address of a system that should hear about loans and assets." />
            ) : (
              <Table aria-label="Webhook endpoints">
                <THead>
                  <tr>
                    <TH>URL</TH>
                    <TH>Events</TH>
                    <TH>Status</TH>
                  </tr>
                </THead>
                <TBody>
                  {endpoints.map((endpoint) => (
                    <TR key={endpoint.id}>
                      <TD className="max-w-md">
                        <Link href={`/admin/webhooks/${endpoint.id}`} className="break-all font-medium text-brand underline-offset-2 hover:underline">
                          {endpoint.url}
                        </Link>
                        {endpoint.description ? <span className="block text-xs text-slate-600">{endpoint.description}</span> : null}
                      </TD>
                      <TD className="text-xs text-slate-700">{endpoint.eventTypes.join(', ')}</TD>
                      <TD>{endpoint.enabled ? <Badge tone="success">Enabled</Badge> : <Badge>Disabled</Badge>}</TD>
                    </TR>
                  ))}
                </TBody>
              </Table>
            )}
          </div>
        </Card>
        <Card aria-labelledby="add-endpoint-heading">
          <CardHeader id="add-endpoint-heading" title="Add an endpoint" description="Its signing secret is shown once, after you add it." />
          <CardBody>
            <EndpointForm action={createWebhookEndpointAction} events={events} submitLabel="Add endpoint" />
          </CardBody>
        </Card>
      </div>
    </>
  );
}
