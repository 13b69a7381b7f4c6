import type { Executor } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import { findLocationRow, toLocationDto } from './location-store';
import type { Location } from './schemas';

export async function getLocation(tx: Executor, ctx: RequestContext, locationId: string): Promise<Location> {
  return toLocationDto(await findLocationRow(tx, ctx.organisationId, locationId));
}
