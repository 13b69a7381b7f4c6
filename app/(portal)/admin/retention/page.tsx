import { BackupAutoRefresh } from '@/components/backups/backup-auto-refresh';
import { RetentionPolicyTable } from '@/components/retention/retention-policy-table';
import { RetentionRunForms } from '@/components/retention/retention-run-forms';
import { RetentionRunList } from '@/components/retention/retention-run-list';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { previewRetentionAction, runRetentionNowAction } from '@/lib/transport/portal/actions/retention-actions';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { describeRetentionPolicy, getRetentionSettings } from '@/lib/privacy/retention/describe-policy';
import { listRetentionRuns } from '@/lib/privacy/retention/list-retention-runs';

export const metadata = { title: 'Retention' };

export default async function RetentionPage() {
  const portal = await requirePortalContext('ADMIN');
  const { runs, settings } = await withPortalTransaction(portal, async (tx, ctx) => ({
    runs: (await listRetentionRuns(tx, ctx, { limit: 25 })).data,
    settings: await getRetentionSettings(tx, ctx.organisationId),
  }));
  const policy = describeRetentionPolicy(settings);
  const labels = Object.fromEntries(policy.map((row) => [row.kind, row.label.toLowerCase()]));
  const inProgress = runs.some((run) => run.status === 'running' && !run.dryRun);
  return (
    <>
      <PageHeader title="Retention" description={`How long ${portal.organisation.name} keeps each kind of data, and what happens after.`} />
      <div className="space-y-6">
        <Card aria-labelledby="policy-heading">
          <CardHeader
            id="policy-heading"
            title="Retention policy"
            description="Applied every day at 02:00 UTC. A record expires when its period has passed since the date it is counted from; the next run removes it."
          />
          <RetentionPolicyTable rows={policy} />
        </Card>
        <Card aria-labelledby="run-heading">
          <CardHeader id="run-heading" title="Preview and run" />
          <CardBody>
            <RetentionRunForms preview={previewRetentionAction} runNow={runRetentionNowAction} labels={labels} inProgress={inProgress} />
          </CardBody>
        </Card>
        <Card aria-labelledby="runs-heading">
          <CardHeader id="runs-heading" title="Recorded runs" description="The 25 newest, daily and manual, previews included." />
          <div className={runs.length ? '' : 'p-5'}>
            <RetentionRunList runs={runs} labels={labels} />
          </div>
        </Card>
      </div>
      <BackupAutoRefresh active={inProgress} />
    </>
  );
}
