import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { activities, persons } from '@/db/schema';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import type { RequestContext } from '@/lib/platform/core/context';
import { personNotFound } from '@/lib/people/persons/to-person-dto';
import { assertManageActivities } from './activity-access';
import { activityColumns, findReadableActivity, toActivityDto } from './activity-store';
import type { Activity, CreateActivityBody } from './schemas';

export async function createActivity(tx: Tx, ctx: RequestContext, input: CreateActivityBody): Promise<Activity> {
  assertManageActivities(ctx, 'Recording an activity');
  const [person] = await tx
    .select({ id: persons.id })
    .from(persons)
    .where(and(eq(persons.organisationId, ctx.organisationId), eq(persons.id, input.personId)));
  if (!person) throw personNotFound(input.personId, ctx.organisationId);
  if (input.parentActivityId) await findReadableActivity(tx, ctx, input.parentActivityId);
  const [row] = await tx
    .insert(activities)
    .values({
      organisationId: ctx.organisationId,
      type: input.type,
      personId: input.personId,
      parentActivityId: input.parentActivityId,
      title: input.title,
      occurredAt: new Date(input.occurredAt),
      endedAt: input.endedAt === null ? null : new Date(input.endedAt),
      details: input.details,
      recordedByUserId: ctx.user.id,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning(activityColumns);
  const activity = toActivityDto(row!);
  // Details may describe the person; the audit names the fields, not their values.
  await recordAudit(tx, ctx, {
    action: 'ACTIVITY_RECORDED',
    targetType: 'ACTIVITY',
    targetId: activity.id,
    changes: {
      type: { before: null, after: activity.type },
      personId: { before: null, after: activity.personId },
      title: { before: null, after: activity.title },
      occurredAt: { before: null, after: activity.occurredAt },
      endedAt: { before: null, after: activity.endedAt },
      parentActivityId: { before: null, after: activity.parentActivityId },
    },
    metadata: { detailFields: Object.keys(activity.details) },
  });
  return activity;
}
