import type { Tx } from '@/db/client';
import { loans } from '@/db/schema';
import type { RequestContext } from '@/lib/core/context';
import { sqlState } from '@/lib/api/to-api-error';
import { diffChanges, recordAudit } from '@/lib/audit/record-audit';
import { toIsoDate } from '@/lib/time';
import { assertPersonRegistered } from './assert-person-registered';
import { assertBookable, findLoanAsset } from './loan-asset';
import type { NotifiedLoan } from './loan-notice';
import { findBusyRanges, loanColumns, loanConflict, type LoanRow, writeBookingInSavepoint } from './loan-store';
import { notifyDecision, notifyRequestFiled } from './notify-loan';
import { getLoanPolicy } from './policy';
import { resolveApprover } from './resolve-approver';
import type { CreateLoanBody } from './schemas';
import { validateLoanDates } from './validate-loan-dates';

export async function createLoan(tx: Tx, ctx: RequestContext, input: CreateLoanBody): Promise<NotifiedLoan> {
  await assertPersonRegistered(tx, ctx);
  const policy = await getLoanPolicy(tx, ctx.organisationId);
  const asset = await findLoanAsset(tx, ctx.organisationId, input.assetId);
  assertBookable(asset);
  validateLoanDates(policy, toIsoDate(ctx.now), input.startDate, input.endDate);
  const conflicts = await findBusyRanges(tx, ctx.organisationId, asset.id, input.startDate, input.endDate);
  if (conflicts.length > 0) throw loanConflict(asset.id, conflicts);

  const approverId = await resolveApprover(tx, ctx.organisationId, policy, asset, ctx.user.id);
  const automatic = !policy.requireApproval;
  let loan: LoanRow;
  try {
    // A savepoint, so that losing a race for the same dates (exclusion constraint) still lets us name the winner.
    loan = await writeBookingInSavepoint(tx, ctx.organisationId, asset.id, async (savepoint) => {
      const [row] = await savepoint
        .insert(loans)
        .values({
          organisationId: ctx.organisationId,
          assetId: asset.id,
          requesterId: ctx.user.id,
          approverId,
          status: automatic ? 'APPROVED' : 'PENDING_APPROVAL',
          decidedAt: automatic ? ctx.now : null,
          startDate: input.startDate,
          endDate: input.endDate,
          purpose: input.purpose,
        })
        .returning(loanColumns);
      return row!;
    });
  } catch (error) {
    if (sqlState(error) !== '23P01') throw error;
    throw loanConflict(asset.id, await findBusyRanges(tx, ctx.organisationId, asset.id, input.startDate, input.endDate));
  }
  const fields = ['status', 'startDate', 'endDate', 'purpose', 'approverId'] as const;
  await recordAudit(tx, ctx, { action: 'LOAN_REQUESTED', targetType: 'LOAN', targetId: loan.id, assetId: asset.id, changes: diffChanges(null, loan, fields) });
  if (automatic) {
    await recordAudit(tx, ctx, { action: 'LOAN_APPROVED', targetType: 'LOAN', targetId: loan.id, assetId: asset.id, metadata: { automatic: true } });
    return { loan, notice: await notifyDecision(tx, ctx, loan, asset, 'approved') };
  }
  return { loan, notice: await notifyRequestFiled(tx, ctx, loan, asset) };
}
