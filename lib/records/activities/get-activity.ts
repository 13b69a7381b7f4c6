import type { Tx } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import { findReadableActivity, toActivityDto } from './activity-store';
import type { Activity } from './schemas';

export async function getActivity(tx: Tx, ctx: RequestContext, activityId: string): Promise<Activity> {
  return toActivityDto(await findReadableActivity(tx, ctx, activityId));
}
