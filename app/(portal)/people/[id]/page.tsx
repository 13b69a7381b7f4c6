import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { registryStateWords, personRoleLabels } from '@/components/people/person-labels';
import { LocalDateTime } from '@/components/portal/local-date-time';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { dutiesInOrder, dutyLabels } from '@/lib/people/users/duty-labels';
import { roleLabels } from '@/lib/people/users/role-labels';
import { getPerson } from '@/lib/people/persons/get-person';
import { formatDate } from '@/lib/platform/format/dates';
import { countryName, languageName } from '@/lib/platform/format/names';
import { withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { loadPersonPage } from '@/lib/transport/portal/load-person-page';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { person } = await loadPersonPage((await params).id);
  return { title: `${person.firstName} ${person.lastName}` };
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The profile tab: who the person is to the club, how to reach them, their account, and their registry state in words. */
export default async function PersonProfilePage({ params, searchParams }: Props) {
  const { portal, person, account, isSelf } = await loadPersonPage((await params).id);
  // The national ID number is decrypted, and the read audited, only when an admin or the person asks for it.
  const mayReadIdentifier = isSelf || portal.user.role === 'ADMIN';
  const showIdentifier = mayReadIdentifier && (await searchParams).identifier === 'show';
  const identifier = showIdentifier ? (await withPortalTransaction(portal, (tx, ctx) => getPerson(tx, ctx, person.id))).identifierNational : undefined;
  const state = registryStateWords[person.externalRefs.syncStatus ?? 'local-only']!;
  const base = `/people/${person.id}`;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card aria-labelledby="about-heading">
        <CardHeader
          id="about-heading"
          title="About"
          description={isSelf ? <>You change your contact details on <Link className="underline" href="/profile">your profile</Link>.</> : undefined}
        />
        <CardBody>
          <dl className="grid gap-4 sm:grid-cols-2">
            <Fact label="Role in the club">{person.primaryRole ? personRoleLabels[person.primaryRole] : 'Not set'}</Fact>
            <Fact label="Born">{formatDate(person.birthDate, 'Not known')}</Fact>
            <Fact label="Nationality">{countryName(person.nationality)}</Fact>
            <Fact label="Language">{languageName(person.language)}</Fact>
            <Fact label="E-mail">{person.preferredEmail ?? person.officialEmail ?? 'None'}</Fact>
            <Fact label="Phone">{person.phone ?? 'None'}</Fact>
            {mayReadIdentifier ? (
              <Fact label="National ID number" testId="person-identifier">
                {showIdentifier ? (
                  (identifier ?? 'None recorded')
                ) : (
                  <Link href={`${base}?identifier=show`} className="underline underline-offset-2">
                    Show (the view is recorded)
                  </Link>
                )}
              </Fact>
            ) : null}
            <Fact label="Kept">{person.deletedAt ? `No longer active since ${formatDate(person.deletedAt)}; anonymised 3 years later` : 'While active, then 3 years'}</Fact>
          </dl>
          {person.processingRestricted ? (
            <p role="status" className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
              Processing is restricted: no notifications or reminders go to this person, and their records are not analysed.
            </p>
          ) : null}
        </CardBody>
      </Card>
      <div className="space-y-6">
        <Card aria-labelledby="registry-heading">
          <CardHeader id="registry-heading" title="Sports registry" action={<Badge tone={state.tone}>{state.label}</Badge>} />
          <CardBody className="space-y-2 text-sm text-slate-700" data-testid="registry-state">
            <p>{state.explanation}</p>
            {person.externalRefs.lastSyncedAt ? (
              <p>
                Last compared with the registry: <LocalDateTime value={person.externalRefs.lastSyncedAt} />
              </p>
            ) : null}
          </CardBody>
        </Card>
        <Card aria-labelledby="account-heading">
          <CardHeader id="account-heading" title="Portal account" />
          <CardBody className="text-sm text-slate-700" data-testid="person-account">
            {account ? (
              <dl className="grid gap-4 sm:grid-cols-2">
                <Fact label="Access">{roleLabels[account.role]}</Fact>
                <Fact label="Status">{account.isActive ? 'Active' : 'Deactivated'}</Fact>
                <Fact label="Duties">{account.duties.length ? dutiesInOrder.filter((d) => account.duties.includes(d)).map((d) => dutyLabels[d]).join(', ') : 'None'}</Fact>
                <Fact label="Last sign-in">{account.lastSeenAt ? <LocalDateTime value={account.lastSeenAt} /> : 'Never'}</Fact>
              </dl>
            ) : (
              <p>Does not sign in to the portal.</p>
            )}
          </CardBody>
        </Card>
      </div>
    </div>
  );
}
