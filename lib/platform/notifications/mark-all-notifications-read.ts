import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '@/db/client';
import { notifications } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';

export const MarkedRead = z.object({ marked: z.number().int().min(0).describe('How many unread notifications this marked read; 0 when none were left.') });
export type MarkedRead = z.infer<typeof MarkedRead>;

/** Marks every unread notification of the caller read, at the request's clock; read ones keep their first read time. */
export async function markAllNotificationsRead(tx: Tx, ctx: RequestContext): Promise<MarkedRead> {
  const rows = await tx
    .update(notifications)
    .set({ readAt: ctx.now })
    .where(and(eq(notifications.organisationId, ctx.organisationId), eq(notifications.userId, ctx.user.id), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { marked: rows.length };
}
