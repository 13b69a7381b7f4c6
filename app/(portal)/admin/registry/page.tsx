import { BackupAutoRefresh } from '@/components/backups/backup-auto-refresh';
import { RegistryActionForm } from '@/components/registry/registry-action-form';
import { RegistryTabs } from '@/components/registry/registry-tabs';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { getConfig } from '@/lib/platform/config';
import { acceptMismatchAction, dismissMismatchAction, startBackfillAction } from '@/lib/transport/portal/actions/registry-actions';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { getBackfillStatus } from '@/lib/registry/backfill/backfill-status';
import { listMismatches } from '@/lib/registry/backfill/mismatches';
import { getRegistryAdapter } from '@/lib/registry/adapter/get-registry-adapter';

export const metadata = { title: 'Registry' };

const fieldLabels: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  birthDate: 'Birth date',
  nationality: 'Nationality',
  officialEmail: 'Official e-mail',
  registryId: 'Registry record',
};

const statusWords: Record<string, { label: string; tone: BadgeTone }> = {
  not_started: { label: 'Not started', tone: 'neutral' },
  requested: { label: 'Queued', tone: 'info' },
  running: { label: 'Running', tone: 'info' },
  completed: { label: 'Completed', tone: 'success' },
  failed: { label: 'Stopped', tone: 'danger' },
};

export default async function RegistryPage() {
  const portal = await requirePortalContext('ADMIN');
  const configured = getRegistryAdapter() !== null;
  const { status, mismatches } = await withPortalTransaction(portal, async (tx, ctx) => ({
    status: await getBackfillStatus(tx, ctx, { configured, url: getConfig().REGISTRY_URL }),
    mismatches: await listMismatches(tx, ctx, { limit: 100, status: 'open' }),
  }));
  const { backfill, counts } = status;
  const word = statusWords[backfill.status]!;
  const active = backfill.status === 'requested' || backfill.status === 'running';
  const buttonLabel = backfill.status === 'failed' ? 'Resume backfill' : backfill.status === 'completed' ? 'Run backfill again' : 'Start backfill';
  return (
    <>
      <PageHeader title="Registry" description="The external sports registry is the master of persons' identity data. Here you link this organisation's persons to it." />
      <RegistryTabs current="/admin/registry" />
      <div className="space-y-6">
        <Card aria-labelledby="phase-heading">
          <CardHeader id="phase-heading" title="Synchronisation" />
          <CardBody className="space-y-2 text-sm text-slate-700">
            {configured ? (
              <p>
                <Badge tone="success">On</Badge> Connected to the registry at <span className="font-mono">{status.registryHost}</span>. Changes arrive by webhook and a nightly reconcile at 02:00 UTC.
              </p>
            ) : (
              <p>
                <Badge tone="neutral">Off</Badge> No registry is configured (phase 0): persons are kept locally only and nothing is synchronised.
              </p>
            )}
          </CardBody>
        </Card>
        <Card aria-labelledby="backfill-heading">
          <CardHeader
            id="backfill-heading"
            title="Initial backfill"
            description="Finds each local person in the registry by national identifier. Identical records are linked; records that differ are listed below for you to decide; nobody is imported from the registry. It runs in the background, and unfinished runs resume at 02:30 UTC."
            action={<Badge tone={word.tone}>{word.label}</Badge>}
          />
          <CardBody className="space-y-4">
            <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
              <Count label="Linked to the registry" value={counts.matched} />
              <Count label="Differ from the registry" value={counts.mismatched} />
              <Count label="Local only (not in the registry)" value={counts.localOnly} />
            </dl>
            <p className="text-sm text-slate-600">
              {backfill.progress.totalPages ? `Registry export: page ${backfill.progress.lastPage} of ${backfill.progress.totalPages} processed.` : 'The registry export has not been read yet.'}
              {backfill.finishedAt ? ` Last completed ${new Date(backfill.finishedAt).toUTCString()}.` : ''}
            </p>
            {backfill.status === 'failed' && backfill.lastError ? (
              <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
                The backfill stopped: {backfill.lastError}. Resume continues after the last completed page.
              </p>
            ) : null}
            <RegistryActionForm action={startBackfillAction} label={buttonLabel} pendingLabel="Starting…" variant="primary" disabled={!configured || active} />
          </CardBody>
        </Card>
        <Card aria-labelledby="mismatch-heading">
          <CardHeader
            id="mismatch-heading"
            title="Records that differ"
            description="Same national identifier, different identity details. Accept the registry's values (the registry is the master; the change is audited), or keep the local ones: the person then stays local-only."
          />
          {mismatches.data.length === 0 ? (
            <div className="p-5">
              <EmptyState title="Nothing to decide" description="Differences the backfill finds appear here." />
            </div>
          ) : (
            <Table>
              <THead>
                <TR>
                  <TH>Person</TH>
                  <TH>Field</TH>
                  <TH>Here</TH>
                  <TH>In the registry</TH>
                  <TH>
                    <span className="sr-only">Decision</span>
                  </TH>
                </TR>
              </THead>
              <TBody>
                {mismatches.data.map((mismatch) => (
                  <TR key={mismatch.id}>
                    <TD className="font-medium text-slate-900">
                      {mismatch.personName}
                      <div className="text-xs font-normal text-slate-500">Registry {mismatch.registryId}</div>
                    </TD>
                    <TD>{mismatch.fields.map((field) => fieldLabels[field] ?? field).join(', ')}</TD>
                    <TD>{mismatch.fields.map((field) => <div key={field}>{mismatch.localValues[field] ?? '—'}</div>)}</TD>
                    <TD>{mismatch.fields.map((field) => <div key={field}>{mismatch.registryValues[field] ?? '—'}</div>)}</TD>
                    <TD>
                      <div className="flex flex-wrap gap-2">
                        <RegistryActionForm action={acceptMismatchAction} id={mismatch.id} label="Accept registry" pendingLabel="Applying…" variant="primary" disabled={!configured} ariaLabel={`Accept the registry's values for ${mismatch.personName}`} />
                        <RegistryActionForm action={dismissMismatchAction} id={mismatch.id} label="Keep local" pendingLabel="Saving…" ariaLabel={`Keep the local values for ${mismatch.personName}`} />
                      </div>
                    </TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          )}
        </Card>
      </div>
      <BackupAutoRefresh active={active} />
    </>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border border-slate-200 px-4 py-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900">{value.toLocaleString('en')}</dd>
    </div>
  );
}
