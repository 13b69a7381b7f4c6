import type { Metadata } from 'next';
import { IncidentList } from '@/components/records/incident-list';
import { incidentSeverityLabels, incidentStatusLabels, optionsOf } from '@/components/records/record-labels';
import { retentionWords } from '@/components/records/retention-words';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field, Select } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { hasDuty } from '@/lib/platform/auth/duties';
import { listPersonNames } from '@/lib/people/persons/list-person-names';
import { listUserNames } from '@/lib/people/users/list-user-names';
import { listIncidentReports } from '@/lib/records/incidents/list-incident-reports';
import { IncidentSeverity, IncidentStatus, ListIncidentReportsQuery } from '@/lib/records/incidents/schemas';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';

export const metadata: Metadata = { title: 'Incident reports' };

type Search = Record<string, string | string[] | undefined>;

/**
 * The safeguarding officer's list of every report, to handle them; anyone else sees the reports they filed
 * themselves (the lib allows no more).
 */
export default async function IncidentsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const portal = await requirePortalContext();
  const safeguarding = hasDuty(portal, 'SAFEGUARDING');
  const search = await searchParams;
  const status = safeguarding ? IncidentStatus.safeParse(search.status).data : undefined;
  const severity = safeguarding ? IncidentSeverity.safeParse(search.severity).data : undefined;
  const { reports, subjects, reporters } = await withPortalTransaction(portal, async (tx, ctx) => {
    const page = await listIncidentReports(tx, ctx, ListIncidentReportsQuery.parse({ ...(safeguarding ? {} : { reportedBy: 'me' }), status, severity, limit: 100 }));
    const subjects = await listPersonNames(tx, ctx.organisationId, page.data.map((r) => r.personId));
    const reporters = await listUserNames(tx, ctx.organisationId, page.data.map((r) => r.reportedByUserId).filter((id): id is string => id !== null));
    return { reports: page.data, subjects, reporters };
  });
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title={safeguarding ? 'Incident reports' : 'Reports you filed'}
        description={safeguarding ? 'Every report filed in the club. Open one to handle it.' : 'What you reported and where it stands. The safeguarding officer handles each report.'}
        actions={<ButtonLink href="/incidents/new">Report an incident</ButtonLink>}
      />
      <Card>
        <CardHeader title={safeguarding ? 'Reports' : 'Your reports'} description={retentionWords('incident_report')} />
        <CardBody className="space-y-4">
          {safeguarding ? (
            <form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter reports">
              <Field label="Status" htmlFor="filter-status" className="min-w-40">
                <Select name="status" defaultValue={status ?? ''}>
                  <option value="">Any status</option>
                  {optionsOf(incidentStatusLabels).map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label="How serious" htmlFor="filter-severity" className="min-w-40">
                <Select name="severity" defaultValue={severity ?? ''}>
                  <option value="">Any</option>
                  {optionsOf(incidentSeverityLabels).map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </Select>
              </Field>
              <Button type="submit" variant="secondary">
                Filter
              </Button>
            </form>
          ) : null}
          {reports.length === 0 ? (
            <EmptyState title={safeguarding ? 'No reports match.' : 'You have not filed any report.'} />
          ) : (
            <IncidentList reports={reports} subjects={subjects} reporters={safeguarding ? reporters : undefined} />
          )}
        </CardBody>
      </Card>
    </div>
  );
}
