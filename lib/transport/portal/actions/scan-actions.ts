'use server';

import { z } from 'zod';
import { findAssetByCode } from '@/lib/lending/assets/find-asset-by-code';
import { NotFoundError } from '@/lib/platform/core/errors';
import { type ActionOutcome, portalAction } from '../portal-action';

export type AssetLookup = ActionOutcome<{ assetId: string; name: string; href: string }>;

/**
 * Resolves a scanned label secret or a typed code to an asset of the caller's organisation. The path it returns
 * is built from the asset's id, never from the input, so a scan can only ever lead to this portal.
 */
export const lookUpAssetAction = portalAction(
  { input: z.object({ code: z.string().trim().min(1, 'Type an inventory number or the code under the QR label.').max(200, 'That code is too long.') }) },
  async ({ tx, ctx, input, portal }) => {
    const asset = await findAssetByCode(tx, ctx, input);
    if (!asset) throw new NotFoundError('ASSET_NOT_FOUND', `No asset with the code “${input.code}” in ${portal.organisation.name}.`);
    const href = asset.viaLabelSecret ? `/assets/${asset.id}?scan=${encodeURIComponent(input.code)}` : `/assets/${asset.id}`;
    return { assetId: asset.id, name: asset.name, href };
  },
);
