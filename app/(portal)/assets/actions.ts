'use server';

import { revalidatePath } from 'next/cache';
import { bulkMoveAssets } from '@/lib/assets/bulk-move-assets';
import { BulkMoveAssetsBody } from '@/lib/assets/schemas';
import { type ActionResult, portalActionError, requirePortalContext, withPortalTransaction } from '../portal-context';

export async function moveAssetsAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  const portal = await requirePortalContext('ASSET_MANAGER');
  if (formData.getAll('assetId').length === 0) return { ok: false, message: 'Select at least one asset to move.' };
  if (!formData.get('locationId')) {
    return { ok: false, message: 'Choose the location to move the assets to.', fieldErrors: { locationId: ['Choose a location.'] } };
  }
  let moved: number;
  try {
    const input = BulkMoveAssetsBody.parse({ assetIds: formData.getAll('assetId'), locationId: formData.get('locationId') });
    ({ moved } = await withPortalTransaction(portal, (tx, ctx) => bulkMoveAssets(tx, ctx, input)));
  } catch (error) {
    return portalActionError(error);
  }
  revalidatePath('/assets');
  const selected = formData.getAll('assetId').length;
  const unchanged = selected - moved;
  return {
    ok: true,
    message: `Moved ${moved} ${moved === 1 ? 'asset' : 'assets'}${unchanged > 0 ? `; ${unchanged} ${unchanged === 1 ? 'was' : 'were'} already there` : ''}.`,
  };
}
