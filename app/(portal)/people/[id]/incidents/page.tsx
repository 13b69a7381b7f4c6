import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { IncidentList } from '@/components/records/incident-list';
import { RecordSection, TabHeading } from '@/components/records/record-parts';
import { retentionWords } from '@/components/records/retention-words';
import { ButtonLink } from '@/components/ui/button';
import { listPersonNames } from '@/lib/people/persons/list-person-names';
import { listUserNames } from '@/lib/people/users/list-user-names';
import { listIncidentReports } from '@/lib/records/incidents/list-incident-reports';
import { ListIncidentReportsQuery } from '@/lib/records/incidents/schemas';
import { personOfPage } from '@/lib/transport/portal/person-of-page';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { refuseAsPage } from '@/lib/transport/portal/refuse-as-page';

export const metadata: Metadata = { title: 'Incident reports' };

/**
 * Reports about one person: for the SAFEGUARDING duty, and for the person themselves, who never learns who filed
 * them (the lib withholds the reporter). Anyone else gets the 403 page.
 */
export default async function IncidentsTab({ params }: { params: Promise<{ id: string }> }) {
  const portal = await requirePortalContext();
  const personId = personOfPage((await params).id, portal);
  const { reports, name, reporters } = await withPortalTransaction(portal, async (tx, ctx) => {
    const reports = await listIncidentReports(tx, ctx, ListIncidentReportsQuery.parse({ personId, limit: 100 }));
    const names = await listPersonNames(tx, ctx.organisationId, [personId]);
    const reporters = await listUserNames(tx, ctx.organisationId, reports.data.map((r) => r.reportedByUserId).filter((id): id is string => id !== null));
    return { reports: reports.data, name: names.get(personId), reporters };
  }).catch(refuseAsPage);
  if (!name) notFound();
  const own = personId === portal.user.personId;
  return (
    <div className="space-y-6">
      <TabHeading title="Incident reports" personName={name} own={own} />
      <RecordSection
        id="incident-reports"
        title={own ? 'Reports about you' : `Reports about ${name}`}
        description={own ? 'What was reported about you and where it stands. Who reported it is not shown to you.' : undefined}
        retention={retentionWords('incident_report')}
      >
        {reports.length === 0 ? <p className="text-sm text-slate-600">No incidents reported.</p> : <IncidentList reports={reports} reporters={own ? undefined : reporters} />}
        {own ? null : (
          <ButtonLink href={`/incidents/new?person=${personId}`} variant="secondary" size="sm">
            Report an incident about {name}
          </ButtonLink>
        )}
      </RecordSection>
    </div>
  );
}
