import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import type { MaintenanceEntry, MaintenanceList } from '@/lib/lending/maintenance/schemas';
import { saveMaintenanceAction } from '@/lib/transport/portal/actions/maintenance-actions';
import { formatDate } from '@/lib/platform/format/dates';
import { maintenanceKindLabels } from '@/lib/platform/format/value-labels';
import { formatMoney } from './format-asset';
import { MaintenanceForm } from './maintenance-form';

function EntryList({ entries, canEdit, assetId, title, testId }: { entries: MaintenanceEntry[]; canEdit: boolean; assetId: string; title: string; testId: string }) {
  if (entries.length === 0) return null;
  return (
    <section aria-label={title}>
      <h3 className="px-5 pt-4 text-sm font-semibold text-slate-900">{title}</h3>
      <ul className="divide-y divide-slate-100" data-testid={testId}>
        {entries.map((entry) => (
          <li key={entry.id} className="space-y-2 px-5 py-4" data-testid="maintenance-entry">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{entry.title}</p>
                <p className="text-sm text-slate-600">
                  {maintenanceKindLabels[entry.kind]} · {entry.status === 'DONE' ? `done ${formatDate(entry.performedOn)}` : `planned for ${formatDate(entry.scheduledFor)}`}
                  {entry.vendor ? ` · ${entry.vendor}` : ''}
                </p>
              </div>
              <div className="flex items-center gap-2">
                {entry.cost !== null ? <span className="text-sm font-medium text-slate-900">{formatMoney(entry.cost, entry.currency)}</span> : null}
                <Badge tone={entry.status === 'DONE' ? 'success' : 'info'}>{entry.status === 'DONE' ? 'Done' : 'Planned'}</Badge>
              </div>
            </div>
            {entry.description ? <p className="text-sm whitespace-pre-line text-slate-700">{entry.description}</p> : null}
            {canEdit ? (
              <details className="group rounded-md border border-slate-200">
                <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-brand">Edit entry</summary>
                <div className="border-t border-slate-200 p-3">
                  <MaintenanceForm action={saveMaintenanceAction} assetId={assetId} entry={entry} currency={entry.currency} />
                </div>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function MaintenanceTab({ assetId, list, canEdit, currency }: { assetId: string; list: MaintenanceList; canEdit: boolean; currency: string }) {
  const planned = list.data.filter((entry) => entry.status === 'PLANNED');
  const done = list.data.filter((entry) => entry.status === 'DONE');
  const total = list.totals.length > 0 ? list.totals.map((line) => formatMoney(line.cost, line.currency)).join(' + ') : formatMoney('0', currency);
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <Card aria-labelledby="maintenance-heading">
        <CardHeader
          id="maintenance-heading"
          title="Repairs & maintenance"
          action={
            <p className="text-right text-sm text-slate-600">
              Total cost <span className="block text-lg font-semibold text-slate-900" data-testid="maintenance-total">{total}</span>
            </p>
          }
        />
        {list.data.length === 0 ? (
          <div className="p-5">
            <EmptyState title="No maintenance yet" description={canEdit ? 'Record services, repairs and inspections with the form.' : 'Services, repairs and inspections will appear here.'} />
          </div>
        ) : (
          <div className="pb-2">
            <EntryList entries={planned} canEdit={canEdit} assetId={assetId} title="Planned" testId="maintenance-planned" />
            <EntryList entries={done} canEdit={canEdit} assetId={assetId} title="Service history" testId="maintenance-done" />
          </div>
        )}
      </Card>
      {canEdit ? (
        <Card aria-labelledby="add-maintenance-heading">
          <CardHeader id="add-maintenance-heading" title="Add an entry" />
          <CardBody>
            <MaintenanceForm action={saveMaintenanceAction} assetId={assetId} currency={currency} />
          </CardBody>
        </Card>
      ) : null}
    </div>
  );
}
