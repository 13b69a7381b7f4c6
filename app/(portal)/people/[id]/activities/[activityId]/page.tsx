import Link from 'next/link';
import { notFound } from 'next/navigation';
import { activityTypeLabels, describeDetails } from '@/components/people/activity-labels';
import { CommentForm } from '@/components/people/comment-form';
import { CorrectActivityForm } from '@/components/people/correct-activity-form';
import { DeleteCommentButton } from '@/components/people/delete-comment-button';
import { LocalDateTime } from '@/components/portal/local-date-time';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { DomainError } from '@/lib/platform/core/errors';
import { describeKeptFor } from '@/lib/privacy/retention/kept-for';
import { canManageActivities } from '@/lib/records/activities/activity-access';
import { getActivity } from '@/lib/records/activities/get-activity';
import { listActivityComments } from '@/lib/records/activities/list-activity-comments';
import { loadPersonTab } from '@/lib/transport/portal/load-person-page';
import { withPortalTransaction } from '@/lib/transport/portal/portal-context';

export const metadata = { title: 'Activity' };

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One activity with its facts and comments; a coach or an admin corrects it and moderates the comments. */
export default async function ActivityPage({ params }: { params: Promise<{ id: string; activityId: string }> }) {
  const { id, activityId } = await params;
  const { portal, person } = await loadPersonTab(id, 'activities');
  if (!uuid.test(activityId)) notFound();
  const { activity, comments } = await withPortalTransaction(portal, async (tx, ctx) => ({
    activity: await getActivity(tx, ctx, activityId),
    comments: await listActivityComments(tx, ctx, activityId, { limit: 100 }),
  })).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === 'not_found') notFound();
    throw error;
  });
  // The activity must be this person's: another person's id in the path is a page that does not exist.
  if (activity.personId !== person.id) notFound();
  const manages = canManageActivities(portal);
  const facts = describeDetails(activity.details);
  const notes = typeof activity.details.notes === 'string' ? activity.details.notes : '';
  const base = `/people/${person.id}/activities`;
  return (
    <div className="space-y-6">
      <p className="text-sm">
        <Link href={base} className="text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline">
          ← All activities
        </Link>
      </p>
      <Card aria-labelledby="activity-heading">
        <CardHeader
          id="activity-heading"
          title={activity.title}
          description={
            <>
              {activityTypeLabels[activity.type]} · <LocalDateTime value={activity.occurredAt} />
              {activity.endedAt ? (
                <>
                  {' '}
                  to <LocalDateTime value={activity.endedAt} />
                </>
              ) : null}
            </>
          }
          action={<Badge>{describeKeptFor(activity.type)}</Badge>}
        />
        <CardBody>
          {facts.length ? (
            <dl className="grid gap-4 sm:grid-cols-3" data-testid="activity-facts">
              {facts.map((fact) => (
                <div key={fact.label}>
                  <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{fact.label}</dt>
                  <dd className="mt-1 text-sm text-slate-900">{fact.text}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="text-sm text-slate-600">No further details were recorded.</p>
          )}
        </CardBody>
      </Card>

      <Card aria-labelledby="comments-heading">
        <CardHeader id="comments-heading" title="Comments" description={`${comments.pagination.total} ${comments.pagination.total === 1 ? 'comment' : 'comments'}, oldest first. Kept as long as the activity.`} />
        {comments.data.length === 0 ? (
          <div className="p-5">
            <EmptyState title="No comments yet" />
          </div>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Comments">
            {comments.data.map((comment) => {
              const own = comment.authorPersonId === portal.user.personId;
              return (
                <li key={comment.id} className="space-y-1 px-5 py-3" data-testid="comment">
                  <p className="text-xs text-slate-600">
                    <span className="font-medium text-slate-900">{comment.authorAnonymized ? 'A former member' : own ? 'You' : comment.authorName}</span> ·{' '}
                    <LocalDateTime value={comment.createdAt} />
                  </p>
                  <p className="whitespace-pre-line text-sm text-slate-900">{comment.authorAnonymized ? 'This comment was removed with its author’s data.' : comment.body}</p>
                  {own || manages ? <DeleteCommentButton activityId={activity.id} commentId={comment.id} personId={person.id} moderation={!own} /> : null}
                </li>
              );
            })}
          </ul>
        )}
        <CardBody className="border-t border-slate-100">
          <CommentForm activityId={activity.id} personId={person.id} />
        </CardBody>
      </Card>

      {manages ? (
        <Card aria-labelledby="correct-heading">
          <CardHeader id="correct-heading" title="Correct this activity" description="Times are in your time zone. The audit log keeps what it was before." />
          <CardBody>
            <CorrectActivityForm
              activityId={activity.id}
              personId={person.id}
              title={activity.title}
              notes={notes}
              when={{ startsAt: activity.occurredAt, endsAt: activity.endedAt }}
            />
          </CardBody>
        </Card>
      ) : null}
    </div>
  );
}
