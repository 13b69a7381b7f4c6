import type { Tx } from '@/db/client';
import { announcements } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { ForbiddenError } from '@/lib/platform/core/errors';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import type { PublishAnnouncementInput } from './schemas';

/** An admin posts news to everyone in the organisation; the audit log keeps who said what. */
export async function publishAnnouncement(tx: Tx, ctx: RequestContext, input: PublishAnnouncementInput): Promise<{ id: string }> {
  if (ctx.user.role !== 'ADMIN') throw new ForbiddenError('Only an admin can publish news.', { requiredRole: 'ADMIN' });
  const [row] = await tx
    .insert(announcements)
    .values({ organisationId: ctx.organisationId, title: input.title, body: input.body, authorUserId: ctx.user.id, publishedAt: ctx.now })
    .returning({ id: announcements.id, title: announcements.title, body: announcements.body });
  await recordAudit(tx, ctx, { action: 'ANNOUNCEMENT_PUBLISHED', targetType: 'ANNOUNCEMENT', targetId: row!.id, changes: diffChanges(null, row!, ['title', 'body']) });
  return { id: row!.id };
}
