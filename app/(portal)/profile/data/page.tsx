import Link from 'next/link';
import { BackupAutoRefresh } from '@/components/backups/backup-auto-refresh';
import { ExportList } from '@/components/data-export/export-list';
import { RequestExportForm } from '@/components/data-export/request-export-form';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { listDataExports } from '@/lib/data-export/list-data-exports';
import { requestDataExportAction } from '@/lib/portal/actions/data-export-actions';
import { requirePortalContext, withPortalTransaction } from '@/lib/portal/portal-context';

export const metadata = { title: 'Download my data' };

// Where the e-mailed link sends a browser when it no longer works (app/api/v1/data-export/[id]/download).
const linkProblems: Record<string, string> = {
  used: 'That download link was already used: each link works once, and the file was deleted when it was downloaded. Request a new export below.',
  expired: 'That download link has expired and the file was deleted. Request a new export below.',
  invalid: 'That download link is not valid. Use the newest link we e-mailed you, or request a new export below.',
};

export default async function DownloadMyDataPage({ searchParams }: { searchParams: Promise<{ link?: string }> }) {
  const portal = await requirePortalContext();
  const { link } = await searchParams;
  const linkProblem = link ? linkProblems[link] : undefined;
  const { data: exports } = await withPortalTransaction(portal, (tx, ctx) => listDataExports(tx, ctx, { limit: 20 }));
  const inProgress = exports.some((item) => item.status === 'pending' || item.status === 'running');
  return (
    <>
      <PageHeader
        title="Download my data"
        description={`A copy of everything ${portal.organisation.name} holds about you: your profile, activities, messages you wrote, donations, payments, medical and anti-doping records, incident reports, loans, notifications and the audit entries about you.`}
      />
      <div className="space-y-6">
        {linkProblem ? (
          <p role="alert" className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900">
            {linkProblem}
          </p>
        ) : null}
        <Card aria-labelledby="request-export-heading">
          <CardHeader id="request-export-heading" title="Request a copy" />
          <CardBody className="space-y-4">
            <ul className="max-w-2xl list-disc space-y-1 pl-5 text-sm text-slate-700">
              <li>
                <strong>PDF report</strong>: easy to read and print.
              </li>
              <li>
                <strong>JSON file</strong>: the same data for another service to import (data portability). Its format is published as a{' '}
                <a className="font-medium text-brand underline-offset-2 hover:underline" href="/api/v1/data-export/schema.json">
                  JSON Schema
                </a>
                .
              </li>
            </ul>
            <p className="max-w-2xl text-sm text-slate-600">
              We prepare the file in the background and e-mail you a link. For your safety the link works once and expires after a few days; the file is deleted
              from our servers when you download it.
            </p>
            <RequestExportForm action={requestDataExportAction} />
          </CardBody>
        </Card>
        <Card aria-labelledby="exports-heading">
          <CardHeader id="exports-heading" title="Your exports" description="Newest first." />
          <div className={exports.length ? '' : 'p-5'}>
            <ExportList exports={exports} />
          </div>
        </Card>
        <p className="text-sm text-slate-600">
          To correct your data, go to <Link className="font-medium text-brand underline-offset-2 hover:underline" href="/profile">your profile</Link>.
        </p>
      </div>
      <BackupAutoRefresh active={inProgress} />
    </>
  );
}
