import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { auditLog, persons, users } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { type LoanCountdown, loanCountdown } from '@/lib/lending/loans/loan-countdown';
import { toIsoDate } from '@/lib/platform/time';
import { findLoanAsset, type LoanAsset } from './loan-asset';
import { assertCanDecide } from './loan-permissions';
import { findLoanRow } from './loan-store';
import { getLoanPolicy, type LoanPolicy } from './policy';
import { findRecipient } from './resolve-approver';
import type { LoanStatus } from './schemas';

export type LoanTimelineEntry = { id: string; action: string; occurredAt: string; actorName: string | null; reason: string | null };

export type LoanDetail = {
  id: string;
  status: LoanStatus;
  asset: Pick<LoanAsset, 'id' | 'name' | 'inventoryNumber' | 'status'>;
  requesterName: string;
  approverName: string | null;
  decidedByName: string | null;
  startDate: string;
  endDate: string;
  purpose: string;
  rejectionReason: string | null;
  cancellationReason: string | null;
  extensionRequestedEndDate: string | null;
  createdAt: string;
  countdown: LoanCountdown | null;
  isRequester: boolean;
  canDecide: boolean;
  extensions: LoanPolicy['extensions'];
  timeline: LoanTimelineEntry[];
};

function mayDecide(ctx: RequestContext, loan: Parameters<typeof assertCanDecide>[1]): boolean {
  try {
    assertCanDecide(ctx, loan);
    return true;
  } catch {
    return false;
  }
}

/** One loan as its requester or an approver sees it; for anyone else it does not exist (findLoanRow). */
export async function getLoanDetail(tx: Tx, ctx: RequestContext, loanId: string): Promise<LoanDetail> {
  const loan = await findLoanRow(tx, ctx, loanId);
  const [asset, requester, approver, decidedBy, policy, entries] = await Promise.all([
    findLoanAsset(tx, ctx.organisationId, loan.assetId),
    findRecipient(tx, ctx.organisationId, loan.requesterId),
    loan.approverId ? findRecipient(tx, ctx.organisationId, loan.approverId) : null,
    loan.decidedById ? findRecipient(tx, ctx.organisationId, loan.decidedById) : null,
    getLoanPolicy(tx, ctx.organisationId),
    tx
      .select({ id: auditLog.id, action: auditLog.action, occurredAt: auditLog.occurredAt, metadata: auditLog.metadata, firstName: persons.firstName, lastName: persons.lastName })
      .from(auditLog)
      .leftJoin(users, and(eq(users.organisationId, auditLog.organisationId), eq(users.id, auditLog.actorUserId)))
      .leftJoin(persons, and(eq(persons.organisationId, users.organisationId), eq(persons.id, users.personId)))
      .where(and(eq(auditLog.organisationId, ctx.organisationId), eq(auditLog.assetId, loan.assetId), eq(auditLog.targetType, 'LOAN'), eq(auditLog.targetId, loan.id)))
      .orderBy(asc(auditLog.occurredAt), asc(auditLog.id)),
  ]);
  const live = loan.status === 'APPROVED' || loan.status === 'ACTIVE';
  return {
    id: loan.id,
    status: loan.status,
    asset: { id: asset.id, name: asset.name, inventoryNumber: asset.inventoryNumber, status: asset.status },
    requesterName: requester?.name ?? 'Former member',
    approverName: approver?.name ?? null,
    decidedByName: decidedBy?.name ?? null,
    startDate: loan.startDate,
    endDate: loan.endDate,
    purpose: loan.purpose,
    rejectionReason: loan.rejectionReason,
    cancellationReason: loan.cancellationReason,
    extensionRequestedEndDate: loan.extensionRequestedEndDate,
    createdAt: loan.createdAt.toISOString(),
    countdown: live ? loanCountdown(loan.endDate, toIsoDate(ctx.now)) : null,
    isRequester: loan.requesterId === ctx.user.id,
    canDecide: (loan.status === 'PENDING_APPROVAL' || (live && Boolean(loan.extensionRequestedEndDate))) && mayDecide(ctx, loan),
    extensions: policy.extensions,
    timeline: entries.map((entry) => ({
      id: String(entry.id),
      action: entry.action,
      occurredAt: entry.occurredAt.toISOString(),
      actorName: entry.firstName ? `${entry.firstName} ${entry.lastName}` : null,
      reason: typeof entry.metadata.reason === 'string' ? entry.metadata.reason : null,
    })),
  };
}
