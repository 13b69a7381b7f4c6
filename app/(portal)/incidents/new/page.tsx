import type { Metadata } from 'next';
import { z } from 'zod';
import { today } from '@/components/records/day-value';
import { IncidentForm } from '@/components/records/incident-form';
import { retentionWords } from '@/components/records/retention-words';
import { Card, CardBody } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { listPersonNames } from '@/lib/people/persons/list-person-names';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';

export const metadata: Metadata = { title: 'Report an incident' };

/** Anyone may report an incident; opened from a person's page, the form already names them. */
export default async function NewIncidentPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const portal = await requirePortalContext();
  const person = z.uuid().safeParse((await searchParams).person);
  const about = person.success
    ? await withPortalTransaction(portal, async (tx, ctx) => {
        const name = (await listPersonNames(tx, ctx.organisationId, [person.data])).get(person.data);
        return name ? { id: person.data, name } : null;
      })
    : null;
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        title="Report an incident"
        description="Something happened that the club’s safeguarding officer should know about: bullying, abuse, an injury through someone’s fault, anything that worries you."
      />
      <Card>
        <CardBody className="space-y-4">
          <p className="text-sm text-slate-700">
            Only the safeguarding officer sees who filed a report. The person it concerns may read what was reported, never your name. {retentionWords('incident_report')}
          </p>
          <IncidentForm about={about} defaultDay={today(portal.now)} />
        </CardBody>
      </Card>
    </div>
  );
}
