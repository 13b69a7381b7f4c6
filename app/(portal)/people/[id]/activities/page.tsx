import Link from 'next/link';
import { redirect } from 'next/navigation';
import { ActivityItem } from '@/components/people/activity-item';
import { activityTypeLabels, activityTypesInOrder } from '@/components/people/activity-labels';
import { RecordActivityForm } from '@/components/people/record-activity-form';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { CursorPager } from '@/components/ui/cursor-pager';
import { EmptyState } from '@/components/ui/empty-state';
import { ValidationError } from '@/lib/platform/core/errors';
import { canManageActivities } from '@/lib/records/activities/activity-access';
import { listActivities } from '@/lib/records/activities/list-activities';
import { ActivityType } from '@/lib/records/activities/schemas';
import { toIsoDate } from '@/lib/platform/time';
import { loadPersonTab } from '@/lib/transport/portal/load-person-page';
import { withPortalTransaction } from '@/lib/transport/portal/portal-context';

export const metadata = { title: 'Activities' };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };
const PAGE_SIZE = 20;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** A person's activities, newest first: listActivities, the API's rule (the person, a coach or an admin). */
export default async function PersonActivitiesPage({ params, searchParams }: Props) {
  const { portal, person, isSelf } = await loadPersonTab((await params).id, 'activities');
  const query = await searchParams;
  const parsedType = ActivityType.safeParse(first(query.type));
  const type = parsedType.success ? parsedType.data : undefined;
  const rawCursor = first(query.cursor);
  const cursor = rawCursor && rawCursor.length <= 512 ? rawCursor : undefined;
  const base = `/people/${person.id}/activities`;
  const hrefOf = (t?: string, c?: string) => {
    const search = new URLSearchParams();
    if (t) search.set('type', t);
    if (c) search.set('cursor', c);
    return search.size ? `${base}?${search}` : base;
  };
  const page = await withPortalTransaction(portal, (tx, ctx) => listActivities(tx, ctx, { personId: person.id, type, cursor, limit: PAGE_SIZE })).catch((error: unknown) => {
    if (error instanceof ValidationError && cursor) redirect(hrefOf(type));
    throw error;
  });
  const manages = canManageActivities(portal);
  return (
    <div className="space-y-6">
      {manages && !person.anonymizedAt ? (
        <Card aria-labelledby="record-heading">
          <CardHeader
            id="record-heading"
            title={`Record an activity for ${person.firstName}`}
            description={
              <>
                For a whole squad at once, use <Link href="/people/squad" className="underline">the squad register</Link>.
              </>
            }
          />
          <CardBody>
            <RecordActivityForm personId={person.id} defaults={{ date: toIsoDate(portal.now), startTime: '17:00', endTime: '' }} />
          </CardBody>
        </Card>
      ) : null}
      <Card aria-labelledby="activities-heading">
        <CardHeader
          id="activities-heading"
          title={isSelf ? 'Your activities' : 'Activities'}
          description={`${page.pagination.total} ${page.pagination.total === 1 ? 'activity' : 'activities'}${type ? ` of this kind` : ''}, newest first. Open one to read or add comments.`}
        />
        <nav aria-label="Filter by kind" className="border-b border-slate-100 px-5 py-3">
          <ul className="flex flex-wrap gap-2">
            {[undefined, ...activityTypesInOrder].map((option) => (
              <li key={option ?? 'all'}>
                <Link
                  href={hrefOf(option)}
                  aria-current={option === type ? 'page' : undefined}
                  className={cn('inline-block rounded-full px-3 py-1 text-sm ring-1 ring-inset', option === type ? 'bg-slate-900 text-white ring-slate-900' : 'text-slate-700 ring-slate-300 hover:bg-slate-50')}
                >
                  {option ? activityTypeLabels[option] : 'All'}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {page.data.length === 0 ? (
          <div className="p-5">
            <EmptyState title="No activities" description={type ? 'None of this kind. Try another kind.' : 'Nothing recorded yet.'} />
          </div>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Activities">
            {page.data.map((activity) => (
              <ActivityItem key={activity.id} activity={activity} href={`${base}/${activity.id}`} />
            ))}
          </ul>
        )}
        <CursorPager firstHref={cursor ? hrefOf(type) : null} nextHref={page.pagination.nextCursor ? hrefOf(type, page.pagination.nextCursor) : null} />
      </Card>
    </div>
  );
}
