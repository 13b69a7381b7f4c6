'use server';

import { z } from 'zod';
import { findAssetByCode } from '@/lib/assets/find-asset-by-code';
import { portalActionError, requirePortalContext, withPortalTransaction } from '../portal-context';

const Lookup = z.object({ code: z.string().trim().min(1, 'Type an inventory number or the code under the QR label.').max(200) });

export type AssetLookup = { ok: true; assetId: string; name: string; href: string } | { ok: false; message: string };

/**
 * Resolves a scanned label secret or a typed code to an asset of the caller's organisation. The path it returns
 * is built from the asset's id, never from the input, so a scan can only ever lead to this portal.
 */
export async function lookUpAssetAction(input: { code: string }): Promise<AssetLookup> {
  const portal = await requirePortalContext();
  const parsed = Lookup.safeParse(input);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
  try {
    const asset = await withPortalTransaction(portal, (tx, ctx) => findAssetByCode(tx, ctx, parsed.data));
    if (!asset) return { ok: false, message: `No asset with the code “${parsed.data.code}” in ${portal.organisation.name}.` };
    const href = asset.viaLabelSecret ? `/assets/${asset.id}?scan=${encodeURIComponent(parsed.data.code)}` : `/assets/${asset.id}`;
    return { ok: true, assetId: asset.id, name: asset.name, href };
  } catch (error) {
    return { ok: false, message: portalActionError(error).message ?? 'The code could not be looked up.' };
  }
}
