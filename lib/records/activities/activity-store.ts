import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { activities } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { NotFoundError } from '@/lib/platform/core/errors';
import { canManageActivities } from './activity-access';
import type { Activity } from './schemas';

export const activityColumns = {
  id: activities.id,
  type: activities.type,
  personId: activities.personId,
  subjectPseudonym: activities.subjectPseudonym,
  parentActivityId: activities.parentActivityId,
  title: activities.title,
  occurredAt: activities.occurredAt,
  endedAt: activities.endedAt,
  details: activities.details,
  recordedByUserId: activities.recordedByUserId,
  createdAt: activities.createdAt,
  updatedAt: activities.updatedAt,
};

export type ActivityRow = Omit<Activity, 'occurredAt' | 'endedAt' | 'createdAt' | 'updatedAt'> & {
  occurredAt: Date;
  endedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export function toActivityDto(row: ActivityRow): Activity {
  return {
    ...row,
    occurredAt: row.occurredAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function activityNotFound(activityId: string, organisationId: string): NotFoundError {
  return new NotFoundError('ACTIVITY_NOT_FOUND', 'The activity does not exist.', { activityId, organisationId });
}

/**
 * The activity as the caller may see it: coaches and admins any, anyone else only their own. Someone else's
 * activity answers 404 like a missing one, so its existence does not leak.
 */
export async function findReadableActivity(tx: Tx, ctx: RequestContext, activityId: string): Promise<ActivityRow> {
  const scope = canManageActivities(ctx) ? undefined : eq(activities.personId, ctx.user.personId);
  const [row] = await tx
    .select(activityColumns)
    .from(activities)
    .where(and(eq(activities.organisationId, ctx.organisationId), eq(activities.id, activityId), scope));
  if (!row) throw activityNotFound(activityId, ctx.organisationId);
  return row;
}
