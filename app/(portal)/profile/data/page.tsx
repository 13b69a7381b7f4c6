import Link from 'next/link';
import { BackupAutoRefresh } from '@/components/backups/backup-auto-refresh';
import { ExportList } from '@/components/data-export/export-list';
import { ErasureRequestForm } from '@/components/erasure/erasure-request-form';
import { OwnErasureRequests } from '@/components/erasure/own-erasure-requests';
import { RequestExportForm } from '@/components/data-export/request-export-form';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { listDataExports } from '@/lib/privacy/data-export/list-data-exports';
import { requestDataExportAction } from '@/lib/transport/portal/actions/data-export-actions';
import { fileErasureRequestAction } from '@/lib/transport/portal/actions/erasure-actions';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { listOwnDeletionRequests } from '@/lib/privacy/erasure/deletion-requests/list-deletion-requests';

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
  const { exports, erasures } = await withPortalTransaction(portal, async (tx, ctx) => ({
    exports: (await listDataExports(tx, ctx, { limit: 20 })).data,
    erasures: await listOwnDeletionRequests(tx, ctx),
  }));
  const openErasure = erasures.some((request) => request.status === 'pending' || request.status === 'verified' || request.status === 'in_progress');
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
        <Card aria-labelledby="erase-heading">
          <CardHeader id="erase-heading" title="Erase my data" description="Your right to erasure. It cannot be undone." />
          <CardBody className="space-y-4">
            <div className="max-w-2xl space-y-2 text-sm text-slate-700">
              <p>
                <strong>Everything</strong> removes your name, e-mail addresses, phone number, national identity number and exact date of birth (only the year
                and your nationality are kept). Your account is closed for good: signing in again does not open a new one. Your messages and comments are deleted.
                Your e-mail address is also removed from our e-mail provider.
              </p>
              <p>
                <strong>Your loans:</strong> requests and bookings not yet picked up are cancelled. Anything you still have must be returned; that loan stays
                open, without your name, until it is.
              </p>
              <p>
                <strong>What is kept, anonymised:</strong> medical records, anti-doping records, financial transactions and donations, activities and the audit
                log must be kept by law or for the club&apos;s records. They are not deleted; they stay without your name, under an anonymous code.
              </p>
              <p>
                An administrator first confirms your identity (by phone, video or in person). The erasure then runs within 7 days, and at most 30 days after your
                request. We e-mail you a confirmation when it is done.
              </p>
            </div>
            {openErasure ? (
              <p role="status" className="text-sm font-medium text-slate-800">
                You have an open erasure request; where it stands is shown below. You can file a new one once it is completed or rejected.
              </p>
            ) : (
              <ErasureRequestForm action={fileErasureRequestAction} />
            )}
          </CardBody>
          {erasures.length ? <OwnErasureRequests requests={erasures} /> : null}
        </Card>
        <p className="text-sm text-slate-600">
          To correct your data, go to <Link className="font-medium text-brand underline-offset-2 hover:underline" href="/profile">your profile</Link>.
        </p>
      </div>
      <BackupAutoRefresh active={inProgress} />
    </>
  );
}
