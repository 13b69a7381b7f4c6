import Link from 'next/link';
import { forbidden } from 'next/navigation';
import { SquadActivityForm } from '@/components/people/squad-activity-form';
import { personRoleLabels } from '@/components/people/person-labels';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { listPersonDirectory } from '@/lib/people/persons/list-person-directory';
import { toIsoDate } from '@/lib/platform/time';
import { describeKeptFor } from '@/lib/privacy/retention/kept-for';
import { canManageActivities } from '@/lib/records/activities/activity-access';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';

export const metadata = { title: 'Record a training or match' };

/**
 * A coach's register: one training or match for the squad in one step, with each athlete's attendance. The
 * same rule and audit as POST /api/v1/activities, once per person on the register.
 */
export default async function SquadPage() {
  const portal = await requirePortalContext();
  if (!canManageActivities(portal)) forbidden();
  const directory = await withPortalTransaction(portal, (tx, ctx) => listPersonDirectory(tx, ctx, { primaryRole: 'athlete', page: 1, limit: 100 }));
  const people = directory.people
    .filter((person) => !person.deactivated && !person.anonymised)
    .map((person) => ({ id: person.id, name: `${person.firstName} ${person.lastName}`, role: person.primaryRole ? personRoleLabels[person.primaryRole] : '' }));
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/people" className="text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline">
          ← People
        </Link>
      </p>
      <PageHeader
        title="Record a training or match"
        description={`Once for the whole squad: each athlete marked present, excused or absent gets the activity on their page. Trainings are ${describeKeptFor('training').toLowerCase()}; matches are ${describeKeptFor('match_participation').toLowerCase()}.`}
      />
      <Card aria-labelledby="register-heading">
        <CardHeader id="register-heading" title="The register" description={`${people.length} active athletes. Times are in your time zone.`} />
        <CardBody>
          <SquadActivityForm people={people} defaults={{ date: toIsoDate(portal.now), startTime: '17:00', endTime: '18:30' }} />
        </CardBody>
      </Card>
    </>
  );
}
