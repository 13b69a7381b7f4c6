import { and, count, eq, isNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { notifications } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';

/** How many of the caller's own notifications are unread: the bell's number on every page. */
export async function countUnreadNotifications(tx: Executor, ctx: Pick<RequestContext, 'organisationId' | 'user'>): Promise<number> {
  const [row] = await tx
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.organisationId, ctx.organisationId), eq(notifications.userId, ctx.user.id), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}
