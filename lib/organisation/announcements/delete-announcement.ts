import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { announcements } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { ForbiddenError, NotFoundError } from '@/lib/platform/core/errors';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';

/** Takes news down; the audit entry keeps its words, since the row itself is gone. */
export async function deleteAnnouncement(tx: Tx, ctx: RequestContext, announcementId: string): Promise<void> {
  if (ctx.user.role !== 'ADMIN') throw new ForbiddenError('Only an admin can delete news.', { requiredRole: 'ADMIN' });
  const [row] = await tx
    .delete(announcements)
    .where(and(eq(announcements.organisationId, ctx.organisationId), eq(announcements.id, announcementId)))
    .returning({ id: announcements.id, title: announcements.title, body: announcements.body });
  if (!row) throw new NotFoundError('ANNOUNCEMENT_NOT_FOUND', 'This news item no longer exists.', { announcementId, organisationId: ctx.organisationId });
  await recordAudit(tx, ctx, { action: 'ANNOUNCEMENT_DELETED', targetType: 'ANNOUNCEMENT', targetId: row.id, changes: diffChanges(row, null, ['title', 'body']) });
}
