import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '@/db/client';
import { notifications } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { NotFoundError } from '@/lib/platform/core/errors';
import { buildPage, decodeCursor, type Page, pageQuery, timestampCursor } from '@/lib/platform/pagination';

export const Notification = z.object({
  id: z.uuid(),
  kind: z
    .string()
    .describe(
      [
        'What it is about. To the borrower: LOAN_REMINDER, LOAN_OVERDUE, LOAN_APPROVED, LOAN_REJECTED, LOAN_CANCELLED (a manager cancelled their approved booking; the body gives the reason), LOAN_CHECKED_OUT (a manager handed them an asset at the desk; the body gives the return date), LOAN_EXTENSION_APPROVED, LOAN_EXTENSION_REJECTED.',
        'To the approver (the named one, else every active asset manager, else the admins): LOAN_REQUESTED (a new request to decide), LOAN_EXTENSION_REQUESTED,',
        'LOAN_CANCELLED_BORROWER_ERASED and LOAN_BORROWER_ERASED (a borrower was erased, their booking cancelled or their loan still out).',
        'To the person concerned: DATA_DELETION_REJECTED (their erasure request was declined; the body gives the reason), PERSON_CHANGE_REJECTED, PERSON_REGISTRATION_REJECTED.',
        'To every active admin: DATA_DELETION_OVERDUE (an open erasure request passed its 7-day target or 30-day legal limit; once per request),',
        'REGISTRY_SYNC_CONFLICT (the registry and this platform both changed an identity field of a person),',
        'WEBHOOK_DELIVERY_FAILED (a webhook endpoint failed every attempt of a delivery, or was disabled while deliveries waited; once until the admin has read it).',
        'Further kinds may be added; show title and body for a kind you do not know.',
      ].join(' '),
    ),
  title: z.string(),
  body: z.string(),
  loanId: z.uuid().nullable(),
  link: z
    .string()
    .nullable()
    .describe("The portal page it is about, as a path on the tenant's portal (/loans/<id>, /admin/erasure-requests/<id>, /admin/registry/conflicts, /admin/webhooks/<id>...); null when it points nowhere."),
  readAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type Notification = z.infer<typeof Notification>;

export const ListNotificationsQuery = z.strictObject({
  unread: z.enum(['true', 'false']).transform((v) => v === 'true').optional().describe('true: only unread ones.'),
  ...pageQuery,
});
export const NotificationIdParams = z.object({ id: z.uuid() });

const columns = { id: notifications.id, kind: notifications.kind, title: notifications.title, body: notifications.body, loanId: notifications.loanId, link: notifications.link, readAt: notifications.readAt, createdAt: notifications.createdAt };

type NotificationRow = { id: string; kind: string; title: string; body: string; loanId: string | null; link: string | null; readAt: Date | null; createdAt: Date };

// Notifications about a loan carry no link of their own: their page is the loan's.
function toDto(row: NotificationRow): Notification {
  return { ...row, link: row.link ?? (row.loanId ? `/loans/${row.loanId}` : null), readAt: row.readAt?.toISOString() ?? null, createdAt: row.createdAt.toISOString() };
}

/** The caller's own in-app notifications, newest first. */
export async function listNotifications(tx: Tx, ctx: RequestContext, query: z.infer<typeof ListNotificationsQuery>): Promise<Page<Notification>> {
  const filters: SQL[] = [eq(notifications.organisationId, ctx.organisationId), eq(notifications.userId, ctx.user.id)];
  if (query.unread) filters.push(isNull(notifications.readAt));
  const where = and(...filters);
  const cursor = query.cursor ? decodeCursor(query.cursor, timestampCursor) : null;
  const pageWhere = cursor ? and(where, sql`(${notifications.createdAt}, ${notifications.id}) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`) : where;
  const [rows, [totals]] = await Promise.all([
    tx.select(columns).from(notifications).where(pageWhere).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(query.limit + 1),
    tx.select({ total: count() }).from(notifications).where(where),
  ]);
  return buildPage(rows, query.limit, totals?.total ?? 0, toDto, (row) => [row.createdAt.toISOString(), row.id]);
}

/** Idempotent: marking a read notification again keeps its first read time. */
export async function markNotificationRead(tx: Tx, ctx: RequestContext, notificationId: string): Promise<Notification> {
  const mine = and(eq(notifications.organisationId, ctx.organisationId), eq(notifications.userId, ctx.user.id), eq(notifications.id, notificationId));
  await tx.update(notifications).set({ readAt: ctx.now }).where(and(mine, isNull(notifications.readAt)));
  const [row] = await tx.select(columns).from(notifications).where(mine);
  if (!row) throw new NotFoundError('NOTIFICATION_NOT_FOUND', 'The notification does not exist.', { notificationId, organisationId: ctx.organisationId });
  return toDto(row);
}
