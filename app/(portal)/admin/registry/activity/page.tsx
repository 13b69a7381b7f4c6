import { redirect } from 'next/navigation';
import { RegistryTabs } from '@/components/registry/registry-tabs';
import { formatInstant } from '@/components/registry/sync-labels';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { CursorPager } from '@/components/ui/cursor-pager';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { ValidationError } from '@/lib/platform/core/errors';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { getSyncState } from '@/lib/registry/sync-admin/get-sync-state';
import { listTenantDeliveries } from '@/lib/registry/sync-admin/list-tenant-deliveries';
import type { TenantDelivery } from '@/lib/registry/sync-admin/schemas';

export const metadata = { title: 'Registry runs and webhooks' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const entityWords = { person: 'Persons (nightly, 02:00 UTC)', organization: 'Organisation (nightly, 02:15 UTC)' } as const;

const outcomeWords: Record<TenantDelivery['outcome'], { label: string; tone: BadgeTone }> = {
  waiting: { label: 'Waiting', tone: 'info' },
  updated: { label: 'Updated', tone: 'success' },
  conflict: { label: 'Conflict', tone: 'danger' },
  deactivated: { label: 'Deactivated', tone: 'warning' },
  unchanged: { label: 'No change', tone: 'neutral' },
  ignored: { label: 'Ignored', tone: 'neutral' },
  failed: { label: 'Failed', tone: 'danger' },
};

const hrefOf = (cursor?: string) => `/admin/registry/activity${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;

export default async function RegistryActivityPage({ searchParams }: { searchParams: SearchParams }) {
  const portal = await requirePortalContext('ADMIN');
  const raw = (await searchParams).cursor;
  const cursor = Array.isArray(raw) ? raw[0] : raw;
  const { state, deliveries } = await withPortalTransaction(portal, async (tx, ctx) => ({
    state: await getSyncState(tx, ctx),
    deliveries: await listTenantDeliveries(tx, ctx, { limit: 25, cursor }),
  })).catch((error: unknown) => {
    if (error instanceof ValidationError && cursor) redirect(hrefOf());
    throw error;
  });
  return (
    <>
      <PageHeader title="Registry" description="The nightly reconcile and the registry's webhooks about this organisation." />
      <RegistryTabs current="/admin/registry/activity" />
      <div className="space-y-6">
        <Card aria-labelledby="reconcile-heading">
          <CardHeader id="reconcile-heading" title="Nightly reconcile" description="Catches up whatever the webhooks missed. A failed run is repeated over the same window the next night." />
          <CardBody>
            <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
              {state.data.map((entry) => (
                <li key={entry.entity} className="rounded-lg border border-slate-200 px-4 py-3">
                  <h3 className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
                    {entityWords[entry.entity]}
                    {entry.lastRunAt === null ? <Badge>Never run</Badge> : entry.lastError ? <Badge tone="danger">Last run failed</Badge> : <Badge tone="success">OK</Badge>}
                  </h3>
                  <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                    <dt className="text-slate-600">Last run</dt>
                    <dd>{formatInstant(entry.lastRunAt)}</dd>
                    <dt className="text-slate-600">Last success</dt>
                    <dd>{formatInstant(entry.lastSuccessAt)}</dd>
                    <dt className="text-slate-600">Changes since</dt>
                    <dd>{formatInstant(entry.changedSince)}</dd>
                  </dl>
                  {entry.lastError ? (
                    <p role="alert" className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm break-words text-red-800">
                      {entry.lastError}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          </CardBody>
        </Card>
        <Card aria-labelledby="deliveries-heading">
          <CardHeader
            id="deliveries-heading"
            title={`Webhook deliveries (${deliveries.pagination.total})`}
            description="Only deliveries about persons this organisation mirrors, or about the organisation itself. Outcome is what the delivery did here."
          />
          {deliveries.data.length === 0 ? (
            <div className="p-5">
              <EmptyState title="No deliveries yet" description="The registry's webhooks about your persons appear here." />
            </div>
          ) : (
            <Table>
              <THead>
                <TR>
                  <TH>Event</TH>
                  <TH>Outcome</TH>
                  <TH>Received</TH>
                </TR>
              </THead>
              <TBody>
                {deliveries.data.map((delivery) => {
                  const word = outcomeWords[delivery.outcome];
                  return (
                    <TR key={delivery.id}>
                      <TD>
                        <div className="font-mono text-xs">{delivery.event ?? '—'}</div>
                        <div className="text-xs break-words text-slate-500">
                          {delivery.registryPersonId ?? delivery.subjectId}
                          {delivery.changedFields.length > 0 ? ` · ${delivery.changedFields.join(', ')}` : ''}
                        </div>
                      </TD>
                      <TD>
                        <Badge tone={word.tone} className="whitespace-nowrap">
                          {word.label}
                        </Badge>
                        {delivery.attempts > 1 ? <div className="mt-1 text-xs text-slate-500">{delivery.attempts} attempts</div> : null}
                      </TD>
                      <TD>
                        <div>{formatInstant(delivery.receivedAt)}</div>
                        {delivery.processedAt ? <div className="text-xs text-slate-500">processed {formatInstant(delivery.processedAt)}</div> : null}
                      </TD>
                    </TR>
                  );
                })}
              </TBody>
            </Table>
          )}
          <CursorPager firstHref={cursor ? hrefOf() : null} nextHref={deliveries.pagination.nextCursor ? hrefOf(deliveries.pagination.nextCursor) : null} firstLabel="← Newest" nextLabel="Older →" />
        </Card>
      </div>
    </>
  );
}
