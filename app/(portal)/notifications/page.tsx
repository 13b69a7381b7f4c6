import Link from 'next/link';
import { redirect } from 'next/navigation';
import { describeWhen } from '@/components/notifications/describe-when';
import { MarkAllReadForm } from '@/components/notifications/mark-all-read-form';
import { notificationLinkLabel } from '@/components/notifications/notification-link-label';
import { type InboxItem, NotificationList } from '@/components/notifications/notification-list';
import { Card, CardHeader } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { CursorPager } from '@/components/ui/cursor-pager';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { ValidationError } from '@/lib/platform/core/errors';
import { countUnreadNotifications } from '@/lib/platform/notifications/count-unread-notifications';
import { ListNotificationsQuery, listNotifications, type Notification } from '@/lib/platform/notifications/in-app';
import { markAllNotificationsReadAction, markNotificationReadAction } from '@/lib/transport/portal/actions/notification-actions';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';

export const metadata = { title: 'Notifications' };

const PAGE_SIZE = 20;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() ?? '';

function hrefOf(unreadOnly: boolean, cursor?: string): string {
  const search = new URLSearchParams();
  if (unreadOnly) search.set('show', 'unread');
  if (cursor) search.set('cursor', cursor);
  const query = search.toString();
  return query ? `/notifications?${query}` : '/notifications';
}

function toItem(notification: Notification, now: Date): InboxItem {
  return {
    id: notification.id,
    title: notification.title,
    body: notification.body,
    unread: notification.readAt === null,
    when: describeWhen(notification.createdAt, now),
    link: notification.link ? { href: notification.link, label: notificationLinkLabel(notification.kind, notification.link) } : null,
  };
}

/** Everyone's inbox: their own notifications, newest first, a page at a time; unread ones marked. */
export default async function NotificationsPage({ searchParams }: { searchParams: SearchParams }) {
  const portal = await requirePortalContext();
  const params = await searchParams;
  const unreadOnly = first(params.show) === 'unread';
  const cursor = first(params.cursor);
  const query = ListNotificationsQuery.safeParse({ unread: unreadOnly ? 'true' : undefined, cursor: cursor || undefined, limit: PAGE_SIZE });
  if (!query.success) redirect(hrefOf(unreadOnly));
  const { page, unread } = await withPortalTransaction(portal, async (tx, ctx) => ({
    page: await listNotifications(tx, ctx, query.data),
    unread: await countUnreadNotifications(tx, ctx),
  })).catch((error: unknown) => {
    if (error instanceof ValidationError && cursor) redirect(hrefOf(unreadOnly));
    throw error;
  });
  const items = page.data.map((notification) => toItem(notification, portal.now));
  const tab = (active: boolean) => cn('rounded-md px-3 py-1.5 text-sm font-medium', active ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100');
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Notifications"
        description={unread === 0 ? 'You are all caught up.' : unread === 1 ? 'You have 1 unread notification.' : `You have ${unread} unread notifications.`}
        actions={<MarkAllReadForm action={markAllNotificationsReadAction} disabled={unread === 0} />}
      />
      <Card aria-labelledby="inbox-heading">
        <CardHeader
          id="inbox-heading"
          title={unreadOnly ? 'Unread' : 'All notifications'}
          description="Newest first."
          action={
            <nav aria-label="Show" className="flex gap-1">
              <Link href={hrefOf(false)} className={tab(!unreadOnly)} aria-current={unreadOnly ? undefined : 'page'}>
                All
              </Link>
              <Link href={hrefOf(true)} className={tab(unreadOnly)} aria-current={unreadOnly ? 'page' : undefined}>
                Unread
              </Link>
            </nav>
          }
        />
        {items.length === 0 ? (
          <div className="p-5">
            <EmptyState
              title={unreadOnly ? 'Nothing unread' : 'No notifications yet'}
              description={unreadOnly ? 'Everything here has been read.' : 'Loan reminders, decisions and whatever needs your attention will appear here.'}
            />
          </div>
        ) : (
          <NotificationList items={items} markReadAction={markNotificationReadAction} />
        )}
        <CursorPager firstHref={cursor ? hrefOf(unreadOnly) : null} nextHref={page.pagination.nextCursor ? hrefOf(unreadOnly, page.pagination.nextCursor) : null} />
      </Card>
    </div>
  );
}
