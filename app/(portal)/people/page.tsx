import Link from 'next/link';
import { forbidden } from 'next/navigation';
import { personRoleLabels, personRolesInOrder, registryStateWords } from '@/components/people/person-labels';
import { Badge } from '@/components/ui/badge';
import { ButtonLink, buttonClasses } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field, Input, Select } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { PersonRole } from '@/lib/people/persons/schemas';
import { canReadDirectory } from '@/lib/people/persons/get-person';
import { type DirectoryRecordKind, directoryRecordKinds, directorySyncStates, listPersonDirectory, readableRecordKinds } from '@/lib/people/persons/list-person-directory';
import { dutiesInOrder, dutyLabels } from '@/lib/people/users/duty-labels';
import { Duty } from '@/lib/platform/auth/duties';
import { canManageActivities } from '@/lib/records/activities/activity-access';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';

export const metadata = { title: 'People' };

const PAGE_SIZE = 25;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (value: string | string[] | undefined) => ((Array.isArray(value) ? value[0] : value) ?? '').trim();

const recordKindWords: Record<DirectoryRecordKind, string> = {
  activities: 'with activities',
  medical: 'with medical records',
  finance: 'with donations or payments',
  incidents: 'with incident reports',
};

/** The URL is the state of the directory: search, filters and page are shareable links. */
function readFilters(params: Record<string, string | string[] | undefined>, readable: DirectoryRecordKind[], defaultKind: DirectoryRecordKind | undefined) {
  const role = PersonRole.safeParse(first(params.role));
  const duty = Duty.safeParse(first(params.duty));
  const sync = first(params.sync);
  const records = first(params.records);
  const page = Number.parseInt(first(params.page), 10);
  return {
    q: first(params.q).slice(0, 100),
    role: role.success ? role.data : undefined,
    duty: duty.success ? duty.data : undefined,
    sync: (directorySyncStates as readonly string[]).includes(sync) ? (sync as (typeof directorySyncStates)[number]) : undefined,
    // "all" widens a duty holder's default view to everyone; a kind the viewer may not read is ignored.
    records: (records === 'all' ? 'all' : readable.includes(records as DirectoryRecordKind) ? records : defaultKind) as DirectoryRecordKind | 'all' | undefined,
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

type Filters = ReturnType<typeof readFilters>;

function hrefOf(filters: Filters, page = 1): string {
  const search = new URLSearchParams();
  if (filters.q) search.set('q', filters.q);
  if (filters.role) search.set('role', filters.role);
  if (filters.duty) search.set('duty', filters.duty);
  if (filters.sync) search.set('sync', filters.sync);
  if (filters.records) search.set('records', filters.records);
  if (page > 1) search.set('page', String(page));
  return search.size ? `/people?${search}` : '/people';
}

/**
 * The directory: admins and every duty holder. A coach or an admin starts with everyone; a physio, a treasurer
 * or a welfare officer starts with the people their records concern, and widens to everyone to find the
 * person a first record is about.
 */
export default async function PeoplePage({ searchParams }: { searchParams: SearchParams }) {
  const portal = await requirePortalContext();
  if (!canReadDirectory(portal)) forbidden();
  const readable = readableRecordKinds(portal);
  const defaultKind = canManageActivities(portal) ? undefined : readable[0];
  const filters = readFilters(await searchParams, readable, defaultKind);
  const directory = await withPortalTransaction(portal, (tx, ctx) =>
    listPersonDirectory(tx, ctx, {
      q: filters.q || undefined,
      primaryRole: filters.role,
      duty: filters.duty,
      syncState: filters.sync,
      records: filters.records === 'all' ? undefined : filters.records,
      page: filters.page,
      limit: PAGE_SIZE,
    }),
  );
  const narrowed = Boolean(filters.q || filters.role || filters.duty || filters.sync);
  return (
    <>
      <PageHeader
        title="People"
        description={`Everyone ${portal.organisation.name} keeps records about. Open a person to see the records your duties allow.`}
        actions={
          canManageActivities(portal) ? (
            <ButtonLink href="/people/squad" variant="primary">
              Record a training or match
            </ButtonLink>
          ) : undefined
        }
      />
      <Card aria-labelledby="directory-heading">
        <CardHeader
          id="directory-heading"
          title={filters.records && filters.records !== 'all' ? `People ${recordKindWords[filters.records]}` : 'Everyone'}
          description={narrowed ? `${directory.total} ${directory.total === 1 ? 'person matches' : 'people match'}` : `${directory.total} ${directory.total === 1 ? 'person' : 'people'}`}
        />
        <CardBody className="border-b border-slate-100">
          <form role="search" aria-label="Find people" action="/people" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_10rem_10rem_11rem_12rem_auto] lg:items-end">
            <Field label="Name" htmlFor="people-q">
              <Input id="people-q" name="q" type="search" defaultValue={filters.q} maxLength={100} placeholder="Search…" />
            </Field>
            <Field label="Role in the club" htmlFor="people-role">
              <Select id="people-role" name="role" defaultValue={filters.role ?? ''}>
                <option value="">Any role</option>
                {personRolesInOrder.map((role) => (
                  <option key={role} value={role}>
                    {personRoleLabels[role]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Duty" htmlFor="people-duty">
              <Select id="people-duty" name="duty" defaultValue={filters.duty ?? ''}>
                <option value="">Any duty</option>
                {dutiesInOrder.map((duty) => (
                  <option key={duty} value={duty}>
                    {dutyLabels[duty]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Registry" htmlFor="people-sync">
              <Select id="people-sync" name="sync" defaultValue={filters.sync ?? ''}>
                <option value="">Any state</option>
                {directorySyncStates.map((state) => (
                  <option key={state} value={state}>
                    {registryStateWords[state]!.label}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Records" htmlFor="people-records">
              <Select id="people-records" name="records" defaultValue={filters.records ?? 'all'}>
                <option value="all">Everyone</option>
                {directoryRecordKinds
                  .filter((kind) => readable.includes(kind))
                  .map((kind) => (
                    <option key={kind} value={kind}>
                      {recordKindWords[kind].charAt(0).toUpperCase() + recordKindWords[kind].slice(1)}
                    </option>
                  ))}
              </Select>
            </Field>
            <div className="flex gap-2">
              <button type="submit" className={buttonClasses('primary')}>
                Search
              </button>
              {narrowed ? (
                <Link href="/people" className={buttonClasses('ghost')}>
                  Clear
                </Link>
              ) : null}
            </div>
          </form>
        </CardBody>
        {directory.people.length === 0 ? (
          <div className="p-5">
            <EmptyState
              title="Nobody matches"
              description={filters.records && filters.records !== 'all' ? 'Try another name, or look among everyone.' : 'Try another name, or clear the filters.'}
              action={
                filters.records && filters.records !== 'all' ? (
                  <Link className={buttonClasses('secondary', 'sm')} href={hrefOf({ ...filters, records: 'all' })}>
                    Look among everyone
                  </Link>
                ) : undefined
              }
            />
          </div>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="People" data-testid="people-list">
            {directory.people.map((person) => {
              const state = registryStateWords[person.syncState]!;
              return (
                <li key={person.id} data-testid="person-row" className="grid gap-2 px-5 py-3 sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)] sm:items-center">
                  <div className="min-w-0">
                    <Link href={`/people/${person.id}`} className="text-sm font-medium text-slate-900 underline-offset-2 hover:underline">
                      {person.firstName} {person.lastName}
                    </Link>
                    <p className="text-xs text-slate-600">
                      {person.primaryRole ? personRoleLabels[person.primaryRole] : 'No role set'}
                      {person.account?.duties.length ? ` · ${dutiesInOrder.filter((d) => person.account!.duties.includes(d)).map((d) => dutyLabels[d]).join(', ')}` : ''}
                      {person.id === portal.user.personId ? ' · you' : ''}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-1.5">
                    <Badge tone={state.tone}>{state.label}</Badge>
                    {person.anonymised ? <Badge tone="danger">Anonymised</Badge> : person.deactivated ? <Badge tone="warning">No longer active</Badge> : null}
                    {person.processingRestricted ? <Badge tone="warning">Processing restricted</Badge> : null}
                  </div>
                  <p className="text-xs text-slate-600">{person.account ? (person.account.isActive ? 'Signs in to the portal' : 'Account deactivated') : 'No portal account'}</p>
                </li>
              );
            })}
          </ul>
        )}
        {directory.pageCount > 1 ? (
          <nav aria-label="Pages" className="flex items-center justify-between gap-3 border-t border-slate-100 px-5 py-3 text-sm">
            {filters.page > 1 ? (
              <Link href={hrefOf(filters, filters.page - 1)} className={buttonClasses('ghost', 'sm')}>
                ← Previous
              </Link>
            ) : (
              <span />
            )}
            <span className="text-slate-600">
              Page {Math.min(filters.page, directory.pageCount)} of {directory.pageCount}
            </span>
            {filters.page < directory.pageCount ? (
              <Link href={hrefOf(filters, filters.page + 1)} className={buttonClasses('secondary', 'sm')}>
                Next →
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </Card>
    </>
  );
}
