import { RegistryActionForm } from '@/components/registry/registry-action-form';
import { RegistryTabs } from '@/components/registry/registry-tabs';
import { formatInstant, identityFieldLabels } from '@/components/registry/sync-labels';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { reproposeConflictAction, resolveConflictAction } from '@/lib/transport/portal/actions/registry-actions';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { listSyncConflicts } from '@/lib/registry/conflicts/list-sync-conflicts';
import type { SyncConflict } from '@/lib/registry/conflicts/schemas';

export const metadata = { title: 'Registry conflicts' };

const sourceWords: Record<SyncConflict['source'], string> = { webhook: 'a registry webhook', reconcile: 'the nightly reconcile', backfill: 'an accepted backfill difference' };

export default async function RegistryConflictsPage() {
  const portal = await requirePortalContext('ADMIN');
  const { open, resolved } = await withPortalTransaction(portal, async (tx, ctx) => ({
    open: await listSyncConflicts(tx, ctx, { limit: 100, status: 'open' }),
    resolved: await listSyncConflicts(tx, ctx, { limit: 25, status: 'resolved' }),
  }));
  return (
    <>
      <PageHeader title="Registry" description="Identity details that changed both in the sports registry and here." />
      <RegistryTabs current="/admin/registry/conflicts" />
      <div className="space-y-6">
        <Card aria-labelledby="open-conflicts-heading">
          <CardHeader
            id="open-conflicts-heading"
            title={`Open conflicts (${open.pagination.total})`}
            description="The registry is the master, so its value is already applied. Check it against what was changed here, then either take the registry's value (the local change request for that field is withdrawn) or propose the local value to the registry again, against its new value (the registry decides; follow it under Proposals)."
          />
          {open.data.length === 0 ? (
            <div className="p-5">
              <EmptyState title="No open conflicts" description="When a field changes both in the registry and here, it appears here." />
            </div>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Open conflicts">
              {open.data.map((conflict) => (
                <li key={conflict.id} className="space-y-3 px-5 py-4" aria-labelledby={`conflict-${conflict.id}`}>
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <h3 id={`conflict-${conflict.id}`} className="font-medium text-slate-900">
                      {conflict.personName} · {identityFieldLabels[conflict.field]}
                    </h3>
                    <p className="text-xs text-slate-500">
                      Registry <span className="font-mono">{conflict.registryId}</span> · found by {sourceWords[conflict.source]} on {formatInstant(conflict.detectedAt)}
                    </p>
                  </div>
                  <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3">
                    <Value label="Before (last synced)" value={conflict.baseValue} hidden={conflict.valuesHidden} />
                    <Value label={conflict.localChange === 'proposal' ? 'Asked for here (change request)' : 'Changed here'} value={conflict.localValue} hidden={conflict.valuesHidden} />
                    <Value label="Registry (applied)" value={conflict.registryValue} hidden={conflict.valuesHidden} highlight />
                  </dl>
                  <div className="flex flex-wrap items-start gap-3">
                    <RegistryActionForm
                      action={resolveConflictAction}
                      id={conflict.id}
                      label="Take the registry's value"
                      pendingLabel="Resolving…"
                      variant="primary"
                      ariaLabel={`Take the registry's ${identityFieldLabels[conflict.field]?.toLowerCase()} for ${conflict.personName}`}
                    />
                    {conflict.valuesHidden ? null : (
                      <RegistryActionForm
                        action={reproposeConflictAction}
                        id={conflict.id}
                        label="Propose the local value again"
                        pendingLabel="Proposing…"
                        ariaLabel={`Propose the local ${identityFieldLabels[conflict.field]?.toLowerCase()} of ${conflict.personName} to the registry again`}
                      />
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card aria-labelledby="resolved-conflicts-heading">
          <CardHeader id="resolved-conflicts-heading" title="Recently resolved" />
          {resolved.data.length === 0 ? (
            <div className="p-5">
              <EmptyState title="Nothing resolved yet" description="Resolved conflicts are kept here for reference." />
            </div>
          ) : (
            <Table>
              <THead>
                <TR>
                  <TH>Person and field</TH>
                  <TH>Outcome</TH>
                </TR>
              </THead>
              <TBody>
                {resolved.data.map((conflict) => (
                  <TR key={conflict.id}>
                    <TD>
                      <div className="font-medium text-slate-900">{conflict.personName}</div>
                      <div className="text-xs text-slate-500">{identityFieldLabels[conflict.field]}</div>
                    </TD>
                    <TD>
                      <Badge tone="success" className="whitespace-nowrap">
                        {conflict.resolution === 'registry_value' ? 'Registry value kept' : 'Local value proposed again'}
                      </Badge>
                      <div className="mt-1 text-xs text-slate-500">{formatInstant(conflict.resolvedAt)}</div>
                    </TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          )}
        </Card>
      </div>
    </>
  );
}

function Value({ label, value, hidden, highlight }: { label: string; value: string | null; hidden: boolean; highlight?: boolean }) {
  return (
    <div className={highlight ? 'rounded-lg border border-green-300 bg-green-50 px-3 py-2' : 'rounded-lg border border-slate-200 px-3 py-2'}>
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{hidden ? <span className="italic text-slate-600">changed (not shown)</span> : (value ?? '—')}</dd>
    </div>
  );
}
