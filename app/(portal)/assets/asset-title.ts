import type { Metadata } from 'next';
import { cache } from 'react';
import { z } from 'zod';
import { listAssetNames } from '@/lib/lending/assets/list-asset-names';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';

const assetName = cache(async (id: string): Promise<string | null> => {
  if (!z.uuid().safeParse(id).success) return null;
  const portal = await requirePortalContext('EMPLOYEE');
  const names = await withPortalTransaction(portal, (tx, ctx) => listAssetNames(tx, ctx.organisationId, [id]));
  return names.get(id) ?? null;
});

/** The browser tab names the asset an asset page is about, so several open assets can be told apart. */
export async function assetPageMetadata(params: Promise<{ id: string }>, title: (name: string) => string): Promise<Metadata> {
  const name = await assetName((await params).id);
  return { title: name ? title(name) : 'Asset not found' };
}
