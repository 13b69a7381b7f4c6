import type { Metadata } from 'next';
import Link from 'next/link';
import { z } from 'zod';
import { notFound } from 'next/navigation';
import { IncidentHandlingForm } from '@/components/records/incident-handling-form';
import { SeverityBadge, StatusBadge, subjectWords } from '@/components/records/incident-list';
import { Fact } from '@/components/records/record-parts';
import { retentionWords } from '@/components/records/retention-words';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { hasDuty } from '@/lib/platform/auth/duties';
import { formatDate } from '@/lib/platform/format/dates';
import { listPersonNames } from '@/lib/people/persons/list-person-names';
import { listUserNames } from '@/lib/people/users/list-user-names';
import { getIncidentReport } from '@/lib/records/incidents/get-incident-report';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { refuseAsPage } from '@/lib/transport/portal/refuse-as-page';

export const metadata: Metadata = { title: 'Incident report' };

/**
 * One report, for whoever the lib lets read it: the safeguarding officer (who handles it here), its reporter, and
 * the person it is about, who never sees who filed it. Anyone else gets the 404 page, as for a missing report.
 */
export default async function IncidentPage({ params }: { params: Promise<{ id: string }> }) {
  const portal = await requirePortalContext();
  const id = (await params).id;
  if (!z.uuid().safeParse(id).success) notFound();
  const { report, subjects, reporter } = await withPortalTransaction(portal, async (tx, ctx) => {
    const report = await getIncidentReport(tx, ctx, id);
    const subjects = await listPersonNames(tx, ctx.organisationId, [report.personId]);
    const reporter = report.reportedByUserId ? (await listUserNames(tx, ctx.organisationId, [report.reportedByUserId])).get(report.reportedByUserId) : undefined;
    return { report, subjects, reporter };
  }).catch(refuseAsPage);
  const safeguarding = hasDuty(portal, 'SAFEGUARDING');
  const aboutMe = report.personId === portal.user.personId;
  const filedByMe = report.reportedByUserId === portal.user.id;
  const subject = aboutMe ? 'You' : subjectWords(report, subjects);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title={aboutMe ? 'A report about you' : `Report about ${subject}`}
        description={`Happened on ${formatDate(report.occurredAt)}`}
        actions={
          <Link href={aboutMe && !safeguarding ? '/people/me/incidents' : '/incidents'} className="text-sm font-medium text-brand hover:underline">
            {safeguarding ? 'Back to all reports' : aboutMe ? 'Back to reports about you' : 'Back to your reports'}
          </Link>
        }
      />
      <Card>
        <CardBody className="space-y-4">
          <dl className="grid gap-4 sm:grid-cols-3">
            <Fact label="Status">
              <StatusBadge status={report.status} />
            </Fact>
            <Fact label="How serious">
              <SeverityBadge severity={report.severity} />
            </Fact>
            <Fact label="Filed on">{formatDate(report.createdAt)}</Fact>
            <Fact label="Concerns">{subject}</Fact>
            {/* The lib withholds the reporter from the subject; what it hands over may be shown. */}
            {report.reportedByUserId ? <Fact label="Filed by">{filedByMe ? 'You' : (reporter ?? 'A former member')}</Fact> : null}
          </dl>
          <div>
            <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-500">What happened</h2>
            <p className="mt-1 whitespace-pre-line text-sm text-slate-900" data-testid="incident-description">
              {report.description}
            </p>
          </div>
          <p className="text-xs text-slate-600">{retentionWords('incident_report')}</p>
        </CardBody>
      </Card>
      {safeguarding ? (
        <Card>
          <CardHeader title="Handle this report" description="The reporter and the person concerned see the status change." />
          <CardBody>
            <IncidentHandlingForm report={report} />
          </CardBody>
        </Card>
      ) : null}
    </div>
  );
}
