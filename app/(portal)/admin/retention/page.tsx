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
  const inProgress = runs.some((run) => run.status === 'running' && !run.dryRun);
  return (
    <>
      <PageHeader title="Retention" description={`How long ${portal.organisation.name} keeps each kind of data, and what happens after.`} />
      <div className="space-y-6">
        <Card aria-labelledby="policy-heading">
          <CardHeader
            id="policy-heading"
            title="Retention policy"
            description="Applied automatically every night. When a record's time is up, the next run deletes or anonymises it."
          />
          <RetentionPolicyTable rows={policy} settings={settings} />
        </Card>
        <Card aria-labelledby="run-heading">
          <CardHeader id="run-heading" title="Preview and run" />
          <CardBody>
            <RetentionRunForms preview={previewRetentionAction} runNow={runRetentionNowAction} inProgress={inProgress} />
          </CardBody>
        </Card>
        <Card aria-labelledby="runs-heading">
          <CardHeader id="runs-heading" title="Recorded runs" description="The 25 newest: nightly and manual runs, and previews." />
          <div className={runs.length ? '' : 'p-5'}>
            <RetentionRunList runs={runs} />
          </div>
        </Card>
      </div>
      <BackupAutoRefresh active={inProgress} />
    </>
  );
}
