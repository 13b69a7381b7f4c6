import { timingSafeEqual } from 'node:crypto';
import type { Tx } from '@/db/client';
import type { RequestContext } from '@/lib/core/context';
import { ConflictError, ForbiddenError } from '@/lib/core/errors';
import { hasRole } from '@/lib/auth/roles';
import { findLoanAsset, setAssetStatus } from './loan-asset';
import { assertRequesterOrManager } from './loan-permissions';
import { findLoanRow, type LoanRow } from './loan-store';
import { applyLoanTransition, assertTransitionAllowed } from './loan-transitions';

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The asset comes back: the requester proves it is in hand by scanning its QR label (the token); an asset
 * manager checking it in at the desk may omit the scan.
 */
export async function returnLoan(tx: Tx, ctx: RequestContext, loanId: string, qrCodeToken: string | undefined): Promise<LoanRow> {
  const loan = await findLoanRow(tx, ctx, loanId, true);
  assertRequesterOrManager(ctx, loan);
  assertTransitionAllowed(loan, 'return');
  const asset = await findLoanAsset(tx, ctx.organisationId, loan.assetId, true);
  if (qrCodeToken === undefined && !hasRole(ctx.user.role, 'ASSET_MANAGER')) {
    throw new ForbiddenError('Scan the asset’s QR code to return it.', { reason: 'qr_code_required' });
  }
  if (qrCodeToken !== undefined && !sameToken(qrCodeToken, asset.qrCodeToken)) {
    throw new ConflictError('QR_CODE_MISMATCH', 'The scanned QR code belongs to a different asset.', { loanId, assetId: asset.id });
  }
  if (asset.status === 'LOANED') await setAssetStatus(tx, ctx.organisationId, asset.id, 'AVAILABLE');
  return applyLoanTransition(tx, ctx, loan, 'return', { returnedAt: ctx.now }, { assetStatus: { before: asset.status, after: asset.status === 'LOANED' ? 'AVAILABLE' : asset.status }, viaQrCode: qrCodeToken !== undefined });
}
