import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { activityComments } from '@/db/schema';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import type { RequestContext } from '@/lib/platform/core/context';
import { ForbiddenError } from '@/lib/platform/core/errors';
import { canManageActivities } from './activity-access';
import { findReadableActivity } from './activity-store';
import { activityCommentNotFound } from './comment-store';

/**
 * The author deletes their own comment; removing someone else's is moderation, open to coaches and admins and
 * audited as COMMENT_MODERATED without the body, which may be personal data.
 */
export async function deleteActivityComment(tx: Tx, ctx: RequestContext, activityId: string, commentId: string): Promise<void> {
  await findReadableActivity(tx, ctx, activityId);
  const [comment] = await tx
    .select({ id: activityComments.id, authorPersonId: activityComments.authorPersonId })
    .from(activityComments)
    .where(and(eq(activityComments.organisationId, ctx.organisationId), eq(activityComments.activityId, activityId), eq(activityComments.id, commentId)));
  if (!comment) throw activityCommentNotFound(commentId, ctx.organisationId);
  const ownComment = comment.authorPersonId === ctx.user.personId;
  if (!ownComment && !canManageActivities(ctx)) {
    throw new ForbiddenError("Deleting someone else's comment requires the ADMIN role or the COACH duty.", { requiredRole: 'ADMIN', orDuty: 'COACH' });
  }
  await tx.delete(activityComments).where(and(eq(activityComments.organisationId, ctx.organisationId), eq(activityComments.id, commentId)));
  if (!ownComment) {
    await recordAudit(tx, ctx, {
      action: 'COMMENT_MODERATED',
      targetType: 'ACTIVITY_COMMENT',
      targetId: commentId,
      metadata: { activityId, authorPersonId: comment.authorPersonId },
    });
  }
}
