import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { activities } from '@/db/schema';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import type { RequestContext } from '@/lib/platform/core/context';
import { ValidationError } from '@/lib/platform/core/errors';
import { assertManageActivities } from './activity-access';
import { activityColumns, findReadableActivity, toActivityDto } from './activity-store';
import type { Activity, UpdateActivityBody } from './schemas';

const endsBeforeStart = 'The activity cannot end before it started.';

export async function updateActivity(tx: Tx, ctx: RequestContext, activityId: string, input: UpdateActivityBody): Promise<Activity> {
  assertManageActivities(ctx, 'Changing an activity');
  const before = await findReadableActivity(tx, ctx, activityId);
  const occurredAt = input.occurredAt === undefined ? before.occurredAt : new Date(input.occurredAt);
  const endedAt = input.endedAt === undefined ? before.endedAt : input.endedAt === null ? null : new Date(input.endedAt);
  if (endedAt && endedAt < occurredAt) {
    throw new ValidationError(endsBeforeStart, { location: 'body', issues: [{ path: 'endedAt', code: 'custom', message: endsBeforeStart }] });
  }
  const [after] = await tx
    .update(activities)
    .set({ title: input.title ?? before.title, occurredAt, endedAt, details: input.details ?? before.details, updatedAt: ctx.now })
    .where(and(eq(activities.organisationId, ctx.organisationId), eq(activities.id, activityId)))
    .returning(activityColumns);
  const changes = diffChanges(before, after!, ['title', 'occurredAt', 'endedAt']);
  const detailsChanged = JSON.stringify(before.details) !== JSON.stringify(after!.details);
  const fields = [...Object.keys(changes), ...(detailsChanged ? ['details'] : [])];
  if (fields.length > 0) {
    await recordAudit(tx, ctx, {
      action: 'ACTIVITY_UPDATED',
      targetType: 'ACTIVITY',
      targetId: activityId,
      changes,
      metadata: { fields, ...(detailsChanged ? { details: { changed: true } } : {}) },
    });
  }
  return toActivityDto(after!);
}
