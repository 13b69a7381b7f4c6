import type { Tx } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import { ConflictError } from '@/lib/platform/core/errors';
import { assetStatusLabels } from '@/lib/platform/format/value-labels';
import { formatDate } from '@/lib/platform/format/dates';
import { toIsoDate } from '@/lib/platform/time';
import { findLoanAsset, setAssetStatus } from './loan-asset';
import { assertRequesterOrManager } from './loan-permissions';
import { findLoanRow, toLoanDto } from './loan-store';
import { applyLoanTransition, assertTransitionAllowed } from './loan-transitions';
import type { Loan } from './schemas';

/** The asset leaves: APPROVED -> ACTIVE within the booked period, and the asset becomes LOANED. */
export async function pickUpLoan(tx: Tx, ctx: RequestContext, loanId: string): Promise<Loan> {
  const loan = await findLoanRow(tx, ctx, loanId, true);
  assertRequesterOrManager(ctx, loan);
  assertTransitionAllowed(loan, 'pickup');
  const today = toIsoDate(ctx.now);
  if (today < loan.startDate || today > loan.endDate) {
    throw new ConflictError('LOAN_OUTSIDE_PERIOD', `The loan can be picked up from ${formatDate(loan.startDate)} to ${formatDate(loan.endDate)}.`, { loanId, startDate: loan.startDate, endDate: loan.endDate, today });
  }
  const asset = await findLoanAsset(tx, ctx.organisationId, loan.assetId, true);
  if (asset.status !== 'AVAILABLE') {
    throw new ConflictError('ASSET_UNAVAILABLE', `The asset is not available (${(assetStatusLabels[asset.status] ?? asset.status).toLowerCase()}), so it cannot be handed over.`, { assetId: asset.id, assetStatus: asset.status });
  }
  await setAssetStatus(tx, ctx.organisationId, asset.id, 'LOANED');
  return toLoanDto(await applyLoanTransition(tx, ctx, loan, 'pickup', { pickedUpAt: ctx.now }, { assetStatus: { before: asset.status, after: 'LOANED' } }), ctx.now);
}
