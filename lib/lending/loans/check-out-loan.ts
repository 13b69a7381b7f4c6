import type { Tx } from '@/db/client';
import { loans } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { ConflictError, ForbiddenError, ValidationError } from '@/lib/platform/core/errors';
import { hasRole } from '@/lib/platform/auth/roles';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import { sqlState } from '@/lib/platform/db/sql-state';
import { formatDate } from '@/lib/platform/format/dates';
import { createNotification } from '@/lib/platform/notifications/create-notification';
import { assetStatusLabels } from '@/lib/platform/format/value-labels';
import { toIsoDate } from '@/lib/platform/time';
import type { CreatedLoan } from './create-loan';
import { emitLoanEvent } from './emit-loan-event';
import { findLoanAsset, setAssetStatus } from './loan-asset';
import { loanColumns } from './loan-columns';
import { noNotice } from './loan-notice';
import { findBusyRanges, loanConflict, type LoanRow, toLoanDto, writeBookingInSavepoint } from './loan-store';
import { getLoanPolicy } from './policy';
import type { CheckOutLoanBody } from './schemas';
import { findBorrower } from './search-borrowers';
import { validateLoanDates } from './validate-loan-dates';

const auditedFields = ['status', 'startDate', 'endDate', 'purpose', 'requesterId'] as const;

/**
 * An asset manager hands an asset over at the desk: one loan from today, approved by them and picked up at once
 * (ACTIVE), in one transaction. It meets the checks a request and a pickup meet: the policy's longest loan, the
 * approved and active loans of the asset (under the asset's lock), and an asset that is there to hand over.
 */
export async function checkOutLoan(tx: Tx, ctx: RequestContext, input: CheckOutLoanBody): Promise<CreatedLoan> {
  if (!hasRole(ctx.user.role, 'ASSET_MANAGER')) throw new ForbiddenError('Only an asset manager can check an asset out at the desk.', { requiredRole: 'ASSET_MANAGER' });
  const today = toIsoDate(ctx.now);
  const [borrower, policy] = await Promise.all([findBorrower(tx, ctx.organisationId, input.borrowerId), getLoanPolicy(tx, ctx.organisationId)]);
  if (!borrower) {
    throw new ValidationError('The borrower cannot borrow.', {
      location: 'body',
      issues: [{ path: 'borrowerId', code: 'not_a_borrower', message: 'Choose a person of your organisation with an active account.' }],
    });
  }
  if (input.endDate < today) {
    throw new ValidationError('The return date is in the past.', { location: 'body', issues: [{ path: 'endDate', code: 'in_past', message: 'Choose a return date from today on.' }] });
  }
  validateLoanDates(policy, today, today, input.endDate);
  const asset = await findLoanAsset(tx, ctx.organisationId, input.assetId);
  if (asset.status !== 'AVAILABLE') {
    throw new ConflictError('ASSET_UNAVAILABLE', `The asset is not available (${(assetStatusLabels[asset.status] ?? asset.status).toLowerCase()}), so it cannot be handed over.`, { assetId: asset.id, assetStatus: asset.status });
  }
  let loan: LoanRow;
  try {
    loan = await writeBookingInSavepoint(tx, ctx.organisationId, asset.id, async (savepoint) => {
      const busy = await findBusyRanges(savepoint, ctx.organisationId, asset.id, today, input.endDate);
      if (busy.length > 0) throw loanConflict(asset.id, busy);
      const [row] = await savepoint
        .insert(loans)
        .values({
          organisationId: ctx.organisationId,
          assetId: asset.id,
          requesterId: borrower.id,
          approverId: ctx.user.id,
          decidedById: ctx.user.id,
          status: 'ACTIVE',
          startDate: today,
          endDate: input.endDate,
          purpose: input.purpose,
          decidedAt: ctx.now,
          pickedUpAt: ctx.now,
        })
        .returning(loanColumns);
      return row!;
    });
  } catch (error) {
    if (sqlState(error) !== '23P01') throw error;
    throw loanConflict(asset.id, await findBusyRanges(tx, ctx.organisationId, asset.id, today, input.endDate));
  }
  await setAssetStatus(tx, ctx.organisationId, asset.id, 'LOANED');
  await recordAudit(tx, ctx, {
    action: 'LOAN_CHECKED_OUT',
    targetType: 'LOAN',
    targetId: loan.id,
    assetId: asset.id,
    changes: diffChanges(null, loan, auditedFields),
    metadata: { assetStatus: { before: asset.status, after: 'LOANED' } },
  });
  // The borrower's receipt: what they took and when it goes back (they may have walked off before reading the screen).
  if (borrower.id !== ctx.user.id) {
    await createNotification(tx, ctx.organisationId, {
      userId: borrower.id,
      kind: 'LOAN_CHECKED_OUT',
      title: `On loan to you: ${asset.name}`,
      body: `${asset.name} was handed to you at the desk today. Please return it by ${formatDate(loan.endDate)}.`,
      loanId: loan.id,
    });
  }
  // Integrators see the life of every loan: asked for, approved, picked up (here all at once).
  for (const type of ['loan.requested', 'loan.approved', 'loan.picked_up'] as const) await emitLoanEvent(tx, ctx, type, loan);
  return { loan: toLoanDto(loan, ctx.now), asset, notice: noNotice };
}
