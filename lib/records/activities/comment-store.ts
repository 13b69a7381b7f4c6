import { and, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { activityComments, persons } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { NotFoundError } from '@/lib/platform/core/errors';
import { ANONYMIZED_AUTHOR, type ActivityComment } from './schemas';

export const commentColumns = {
  id: activityComments.id,
  activityId: activityComments.activityId,
  authorPersonId: activityComments.authorPersonId,
  authorFirstName: persons.firstName,
  authorLastName: persons.lastName,
  authorAnonymized: activityComments.authorAnonymized,
  body: activityComments.body,
  createdAt: activityComments.createdAt,
};

export type CommentRow = {
  id: string;
  activityId: string;
  authorPersonId: string | null;
  authorFirstName: string | null;
  authorLastName: string | null;
  authorAnonymized: boolean;
  body: string;
  createdAt: Date;
};

export function toCommentDto(row: CommentRow): ActivityComment {
  const anonymized = row.authorAnonymized || row.authorPersonId === null;
  return {
    id: row.id,
    activityId: row.activityId,
    authorPersonId: anonymized ? null : row.authorPersonId,
    authorName: anonymized ? ANONYMIZED_AUTHOR : `${row.authorFirstName ?? ''} ${row.authorLastName ?? ''}`.trim(),
    authorAnonymized: anonymized,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  };
}

export function activityCommentNotFound(commentId: string, organisationId: string): NotFoundError {
  return new NotFoundError('ACTIVITY_COMMENT_NOT_FOUND', 'The comment does not exist.', { commentId, organisationId });
}

/** Comments with their author's name; an anonymised comment has no author to join. */
export function selectComments(tx: Tx, ctx: Pick<RequestContext, 'organisationId'>, where: SQL | undefined) {
  return tx
    .select(commentColumns)
    .from(activityComments)
    .leftJoin(persons, and(eq(persons.organisationId, activityComments.organisationId), eq(persons.id, activityComments.authorPersonId)))
    .where(and(eq(activityComments.organisationId, ctx.organisationId), where));
}
