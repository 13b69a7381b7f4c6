'use server';

import { z } from 'zod';
import { pickUpLoan } from '@/lib/loans/pick-up-loan';
import { returnLoan } from '@/lib/loans/return-loan';
import { type ActionResult, portalActionError, requirePortalContext, withPortalTransaction } from '../../portal-context';

const HandOverInput = z.object({ loanId: z.uuid(), assetId: z.uuid(), qrCodeToken: z.string().min(1).max(100).optional() });

function inputOf(formData: FormData) {
  return HandOverInput.parse({
    loanId: formData.get('loanId'),
    assetId: formData.get('assetId'),
    qrCodeToken: formData.get('qrCodeToken') || undefined,
  });
}

/**
 * Success answers with the address that tells the outcome (the panel changes with the loan's state); the
 * button navigates there. A server-side redirect() would re-render through the tenant-less internal fetch.
 */
export async function pickUpLoanAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  const portal = await requirePortalContext('EMPLOYEE');
  let assetId: string;
  try {
    const input = inputOf(formData);
    assetId = input.assetId;
    await withPortalTransaction(portal, (tx, ctx) => pickUpLoan(tx, ctx, input.loanId));
  } catch (error) {
    return portalActionError(error);
  }
  return { ok: true, message: `/assets/${assetId}?done=picked-up` };
}

export async function returnLoanAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  const portal = await requirePortalContext('EMPLOYEE');
  let assetId: string;
  try {
    const input = inputOf(formData);
    assetId = input.assetId;
    // The token comes from the scanned label in the page address; returnLoan checks it against the asset.
    await withPortalTransaction(portal, (tx, ctx) => returnLoan(tx, ctx, input.loanId, input.qrCodeToken));
  } catch (error) {
    return portalActionError(error);
  }
  return { ok: true, message: `/assets/${assetId}?done=returned` };
}
