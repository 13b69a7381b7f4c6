'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { listCategories } from '@/lib/categories/list-categories';
import { createAsset } from '@/lib/assets/create-asset';
import { findAssetRow } from '@/lib/assets/get-asset';
import { CreateAssetBody, UpdateAssetBody } from '@/lib/assets/schemas';
import { updateAsset } from '@/lib/assets/update-asset';
import { uploadAssetPhoto } from '@/lib/assets/upload-asset-photo';
import { type ActionResult, portalActionError, requirePortalContext, withPortalTransaction } from '../portal-context';
import { assetInputOf } from './asset-form-data';

function photoOf(formData: FormData): File | null {
  const photo = formData.get('photo');
  return photo instanceof File && photo.size > 0 ? photo : null;
}

/**
 * Creates an asset (no assetId) or saves one, and stores an uploaded photo in the same transaction. Success
 * answers with the saved asset's address for the form to open: a server-side redirect() would re-render
 * through Next's internal fetch, which carries no tenant host.
 */
export async function saveAssetAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  const portal = await requirePortalContext('ASSET_MANAGER');
  let savedId: string;
  try {
    const assetId = z.uuid().optional().parse(formData.get('assetId') || undefined);
    const photo = photoOf(formData);
    const bytes = photo ? new Uint8Array(await photo.arrayBuffer()) : null;
    savedId = await withPortalTransaction(portal, async (tx, ctx) => {
      const categoryId = formData.get('categoryId');
      const { data: categories } = await listCategories(tx, ctx, { limit: 100 });
      const definition = categories.find((category) => category.id === categoryId)?.customFields ?? [];
      const input = assetInputOf(formData, definition);
      let id: string;
      if (assetId) {
        const before = await findAssetRow(tx, ctx, assetId);
        // Values of a previous category's fields are removed, as the category no longer defines them.
        const stale = Object.fromEntries(Object.keys(before.customFields).filter((key) => !(key in input.customFields)).map((key) => [key, null]));
        const customFields = { ...stale, ...input.customFields };
        id = (await updateAsset(tx, ctx, assetId, UpdateAssetBody.parse({ ...input, customFields }))).id;
      } else {
        const customFields = Object.fromEntries(Object.entries(input.customFields).filter(([, value]) => value !== null));
        const { inventoryNumber, ...rest } = input;
        id = (await createAsset(tx, ctx, CreateAssetBody.parse({ ...rest, ...(inventoryNumber ? { inventoryNumber } : {}), customFields }))).id;
      }
      if (bytes) await uploadAssetPhoto(tx, ctx, id, bytes);
      return id;
    });
  } catch (error) {
    return portalActionError(error);
  }
  revalidatePath(`/assets/${savedId}`);
  revalidatePath('/assets');
  return { ok: true, message: `/assets/${savedId}?done=saved` };
}
