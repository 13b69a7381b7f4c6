import type { Executor } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import type { User } from './schemas';
import { findUserRow, toUserDto } from './user-store';

export async function getUser(tx: Executor, ctx: RequestContext, userId: string): Promise<User> {
  return toUserDto(await findUserRow(tx, ctx.organisationId, userId));
}
