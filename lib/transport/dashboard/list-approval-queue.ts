import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { assets, loans, persons, users } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { awaitingDecision } from '@/lib/lending/loans/build-loan-filter';
import { personName } from '@/lib/people/persons/person-name';

export type QueuedLoan = {
  id: string;
  /** A new loan request, or an extension of a running loan (endDate is then the current one). */
  kind: 'request' | 'extension';
  assetName: string;
  inventoryNumber: string;
  requesterName: string;
  startDate: string;
  endDate: string;
  requestedEndDate: string | null;
  purpose: string;
  requestedAt: string;
};

export const APPROVAL_QUEUE_LIMIT = 20;

// The day by which somebody needs an answer: the start of a request, the current end of a loan to extend.
const dueBy = sql`case when ${loans.status} = 'PENDING_APPROVAL' then ${loans.startDate} else ${loans.endDate} end`;

/**
 * Requests and extensions the caller may decide (lib/lending/loans/loan-permissions.ts): addressed to them or to any
 * manager, and never their own. The most urgent come first, since somebody is waiting for them.
 */
export async function listApprovalQueue(tx: Tx, ctx: RequestContext): Promise<QueuedLoan[]> {
  const rows = await tx
    .select({
      id: loans.id,
      status: loans.status,
      assetName: assets.name,
      inventoryNumber: assets.inventoryNumber,
      requesterName: personName,
      startDate: loans.startDate,
      endDate: loans.endDate,
      requestedEndDate: loans.extensionRequestedEndDate,
      purpose: loans.purpose,
      createdAt: loans.createdAt,
      updatedAt: loans.updatedAt,
    })
    .from(loans)
    .innerJoin(assets, and(eq(assets.organisationId, loans.organisationId), eq(assets.id, loans.assetId)))
    .innerJoin(users, and(eq(users.organisationId, loans.organisationId), eq(users.id, loans.requesterId)))
    .innerJoin(persons, and(eq(persons.organisationId, users.organisationId), eq(persons.id, users.personId)))
    .where(
      and(
        eq(loans.organisationId, ctx.organisationId),
        awaitingDecision,
        ne(loans.requesterId, ctx.user.id),
        ctx.user.role === 'ADMIN' ? undefined : or(isNull(loans.approverId), eq(loans.approverId, ctx.user.id)),
      ),
    )
    .orderBy(asc(dueBy), asc(loans.createdAt), asc(loans.id))
    .limit(APPROVAL_QUEUE_LIMIT);
  return rows.map(({ status, createdAt, updatedAt, requestedEndDate, ...row }) => {
    const extension = status !== 'PENDING_APPROVAL';
    // An extension is asked for on a running loan: its request is the loan's latest change.
    return { ...row, kind: extension ? 'extension' : 'request', requestedEndDate: extension ? requestedEndDate : null, requestedAt: (extension ? updatedAt : createdAt).toISOString() };
  });
}
