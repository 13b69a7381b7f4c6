import type { ReactNode } from 'react';
import Link from 'next/link';
import { PersonTabBar } from '@/components/people/person-tab-bar';
import { personRoleLabels } from '@/components/people/person-labels';
import { Badge } from '@/components/ui/badge';
import { canReadDirectory } from '@/lib/people/persons/get-person';
import { loadPersonPage } from '@/lib/transport/portal/load-person-page';

/** Every page about one person: their name, what they are to the club, and the tabs this viewer may open. */
export default async function PersonLayout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  const { portal, person, tabs, isSelf } = await loadPersonPage((await params).id);
  const name = `${person.firstName} ${person.lastName}`;
  return (
    <>
      {canReadDirectory(portal) ? (
        <p className="mb-2 text-sm">
          <Link href="/people" className="text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline">
            ← People
          </Link>
        </p>
      ) : null}
      <header className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
            {isSelf ? `Your records, ${person.firstName}` : name}
          </h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            {person.primaryRole ? <Badge>{personRoleLabels[person.primaryRole]}</Badge> : null}
            {person.anonymizedAt ? <Badge tone="danger">Anonymised</Badge> : person.deletedAt ? <Badge tone="warning">No longer active</Badge> : null}
            {person.processingRestricted ? <Badge tone="warning">Processing restricted</Badge> : null}
            {isSelf ? <span>What the club keeps about you, {name}.</span> : null}
          </p>
        </div>
      </header>
      <PersonTabBar base={`/people/${person.id}`} tabs={tabs.map(({ segment, label }) => ({ segment, label }))} />
      {children}
    </>
  );
}
