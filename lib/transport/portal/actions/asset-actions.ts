'use server';

import { z } from 'zod';
import { bulkMoveAssets } from '@/lib/lending/assets/bulk-move-assets';
import { createAsset } from '@/lib/lending/assets/create-asset';
import { findAssetRow } from '@/lib/lending/assets/get-asset';
import { BulkMoveAssetsBody, CreateAssetBody, UpdateAssetBody } from '@/lib/lending/assets/schemas';
import { updateAsset } from '@/lib/lending/assets/update-asset';
import { uploadAssetPhoto } from '@/lib/lending/assets/upload-asset-photo';
import { listCategories } from '@/lib/lending/categories/list-categories';
import { formAction } from '../portal-action';
import { assetInputOf } from './asset-form-data';

const SaveAsset = z.object({ assetId: z.uuid().optional(), form: z.instanceof(FormData), photo: z.instanceof(Uint8Array).nullable() });

async function photoOf(form: FormData): Promise<Uint8Array | null> {
  const photo = form.get('photo');
  return photo instanceof File && photo.size > 0 ? new Uint8Array(await photo.arrayBuffer()) : null;
}

/**
 * Creates an asset (no assetId) or saves one, and stores an uploaded photo in the same transaction. Success
 * answers with the saved asset's address for the form to open: a server-side redirect() would re-render
 * through Next's internal fetch, which carries no tenant host. The fields are validated by CreateAssetBody or
 * UpdateAssetBody once the category, and so its custom fields, is known.
 */
export const saveAssetAction = formAction(
  {
    role: 'ASSET_MANAGER',
    input: SaveAsset,
    fields: async (form) => ({ assetId: (form.get('assetId') as string | null) || undefined, form, photo: await photoOf(form) }),
    revalidate: [{ path: '/assets', type: 'layout' }],
  },
  async ({ tx, ctx, input: { assetId, form, photo } }) => {
    const categoryId = form.get('categoryId');
    const { data: categories } = await listCategories(tx, ctx, { limit: 100 });
    const definition = categories.find((category) => category.id === categoryId)?.customFields ?? [];
    const fields = assetInputOf(form, definition);
    let id: string;
    if (assetId) {
      const before = await findAssetRow(tx, ctx, assetId);
      // Values of a previous category's fields are removed, as the category no longer defines them.
      const stale = Object.fromEntries(Object.keys(before.customFields).filter((key) => !(key in fields.customFields)).map((key) => [key, null]));
      id = (await updateAsset(tx, ctx, assetId, UpdateAssetBody.parse({ ...fields, customFields: { ...stale, ...fields.customFields } }))).id;
    } else {
      const customFields = Object.fromEntries(Object.entries(fields.customFields).filter(([, value]) => value !== null));
      const { inventoryNumber, ...rest } = fields;
      id = (await createAsset(tx, ctx, CreateAssetBody.parse({ ...rest, ...(inventoryNumber ? { inventoryNumber } : {}), customFields }))).id;
    }
    if (photo) await uploadAssetPhoto(tx, ctx, id, photo);
    return { href: `/assets/${id}?done=saved` };
  },
);

export const moveAssetsAction = formAction(
  {
    role: 'ASSET_MANAGER',
    input: BulkMoveAssetsBody,
    fields: (form) => ({ assetIds: form.getAll('assetId'), locationId: form.get('locationId') }),
    revalidate: ['/assets'],
  },
  async ({ tx, ctx, input }) => {
    const { moved } = await bulkMoveAssets(tx, ctx, input);
    const unchanged = input.assetIds.length - moved;
    return {
      message: `Moved ${moved} ${moved === 1 ? 'asset' : 'assets'}${unchanged > 0 ? `; ${unchanged} ${unchanged === 1 ? 'was' : 'were'} already there` : ''}.`,
    };
  },
);
