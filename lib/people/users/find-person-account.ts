import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { users } from '@/db/schema';
import type { Duty } from '@/lib/platform/auth/duties';
import type { Role } from '@/lib/platform/auth/roles';
import type { RequestContext } from '@/lib/platform/core/context';

export type PersonAccount = { userId: string; role: Role; duties: Duty[]; isActive: boolean; lastSeenAt: string | null };

/**
 * The portal account of a person, if they have one. For a caller who may read the person already
 * (getPerson decides that); it carries no contact data beyond what the person page shows.
 */
export async function findPersonAccount(tx: Tx, ctx: RequestContext, personId: string): Promise<PersonAccount | null> {
  const [row] = await tx
    .select({ userId: users.id, role: users.role, duties: users.duties, isActive: users.isActive, lastSeenAt: users.lastSeenAt })
    .from(users)
    .where(and(eq(users.organisationId, ctx.organisationId), eq(users.personId, personId)));
  return row ? { ...row, lastSeenAt: row.lastSeenAt?.toISOString() ?? null } : null;
}
