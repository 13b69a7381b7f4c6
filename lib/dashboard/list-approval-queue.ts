import { and, asc, eq, isNull, ne, or } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { assets, loans, persons, users } from '@/db/schema';
import type { RequestContext } from '@/lib/core/context';
import { personName } from './person-name';

export type QueuedLoan = {
  id: string;
  assetName: string;
  inventoryNumber: string;
  requesterName: string;
  startDate: string;
  endDate: string;
  purpose: string;
  requestedAt: string;
};

export const APPROVAL_QUEUE_LIMIT = 20;

/**
 * Requests the caller may decide (lib/loans/loan-permissions.ts): addressed to them or to any manager, and
 * never their own. Those starting soonest come first, since they are the ones somebody is waiting for.
 */
export async function listApprovalQueue(tx: Tx, ctx: RequestContext): Promise<QueuedLoan[]> {
  const rows = await tx
    .select({
      id: loans.id,
      assetName: assets.name,
      inventoryNumber: assets.inventoryNumber,
      requesterName: personName,
      startDate: loans.startDate,
      endDate: loans.endDate,
      purpose: loans.purpose,
      createdAt: loans.createdAt,
    })
    .from(loans)
    .innerJoin(assets, and(eq(assets.organisationId, loans.organisationId), eq(assets.id, loans.assetId)))
    .innerJoin(users, and(eq(users.organisationId, loans.organisationId), eq(users.id, loans.requesterId)))
    .innerJoin(persons, and(eq(persons.organisationId, users.organisationId), eq(persons.id, users.personId)))
    .where(
      and(
        eq(loans.organisationId, ctx.organisationId),
        eq(loans.status, 'PENDING_APPROVAL'),
        ne(loans.requesterId, ctx.user.id),
        ctx.user.role === 'ADMIN' ? undefined : or(isNull(loans.approverId), eq(loans.approverId, ctx.user.id)),
      ),
    )
    .orderBy(asc(loans.startDate), asc(loans.createdAt), asc(loans.id))
    .limit(APPROVAL_QUEUE_LIMIT);
  return rows.map(({ createdAt, ...row }) => ({ ...row, requestedAt: createdAt.toISOString() }));
}
