import { eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { activityComments } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { findReadableActivity } from './activity-store';
import { selectComments, toCommentDto } from './comment-store';
import type { ActivityComment, CreateActivityCommentBody } from './schemas';

/** Whoever may read the activity may comment on it, always as their own person. */
export async function addActivityComment(tx: Tx, ctx: RequestContext, activityId: string, input: CreateActivityCommentBody): Promise<ActivityComment> {
  await findReadableActivity(tx, ctx, activityId);
  const [inserted] = await tx
    .insert(activityComments)
    .values({ organisationId: ctx.organisationId, activityId, authorPersonId: ctx.user.personId, body: input.body, createdAt: ctx.now })
    .returning({ id: activityComments.id });
  const [row] = await selectComments(tx, ctx, eq(activityComments.id, inserted!.id));
  return toCommentDto(row!);
}
