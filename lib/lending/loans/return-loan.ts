import type { Tx } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import { ConflictError, ForbiddenError } from '@/lib/platform/core/errors';
import { labelSecretMatches } from '@/lib/lending/assets/label-secret';
import { hasRole } from '@/lib/platform/auth/roles';
import { findLoanAsset, setAssetStatus } from './loan-asset';
import { assertRequesterOrManager } from './loan-permissions';
import { findLoanRow, toLoanDto } from './loan-store';
import { applyLoanTransition, assertTransitionAllowed } from './loan-transitions';
import type { Loan } from './schemas';

/**
 * The asset comes back: the requester proves it is in hand by scanning its printed label (the label's secret,
 * which no API response or page shows to employees); an asset manager checking it in at the desk may omit it.
 */
export async function returnLoan(tx: Tx, ctx: RequestContext, loanId: string, labelSecret: string | undefined): Promise<Loan> {
  const loan = await findLoanRow(tx, ctx, loanId, true);
  assertRequesterOrManager(ctx, loan);
  assertTransitionAllowed(loan, 'return');
  const asset = await findLoanAsset(tx, ctx.organisationId, loan.assetId, true);
  if (labelSecret === undefined && !hasRole(ctx.user.role, 'ASSET_MANAGER')) {
    throw new ForbiddenError('Scan the label on the asset to return it.', { reason: 'qr_code_required' });
  }
  if (labelSecret !== undefined && !labelSecretMatches(labelSecret, asset.labelSecretHash)) {
    throw new ConflictError('QR_CODE_MISMATCH', 'The scanned code is not the current label of this asset.', { loanId, assetId: asset.id });
  }
  if (asset.status === 'LOANED') await setAssetStatus(tx, ctx.organisationId, asset.id, 'AVAILABLE');
  return toLoanDto(await applyLoanTransition(tx, ctx, loan, 'return', { returnedAt: ctx.now }, { assetStatus: { before: asset.status, after: asset.status === 'LOANED' ? 'AVAILABLE' : asset.status }, viaQrCode: labelSecret !== undefined }), ctx.now);
}
