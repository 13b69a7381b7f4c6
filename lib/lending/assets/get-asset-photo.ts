import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { assetPhotos } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { assetPhotoNotFound } from './errors';

export type AssetPhoto = { contentType: string; sizeBytes: number; content: Buffer; uploadedAt: Date };

export async function getAssetPhoto(tx: Executor, ctx: Pick<RequestContext, 'organisationId'>, assetId: string): Promise<AssetPhoto> {
  const [photo] = await tx
    .select({ contentType: assetPhotos.contentType, sizeBytes: assetPhotos.sizeBytes, content: assetPhotos.content, uploadedAt: assetPhotos.uploadedAt })
    .from(assetPhotos)
    .where(and(eq(assetPhotos.organisationId, ctx.organisationId), eq(assetPhotos.assetId, assetId)));
  if (!photo) throw assetPhotoNotFound(assetId);
  return photo;
}
