import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { assetPhotos, assets } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { ValidationError } from '@/lib/platform/core/errors';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { findAssetRow } from './get-asset';
import { MAX_PHOTO_BYTES, sniffPhotoType } from './photo-type';
import { assetColumns } from './asset-columns';
import { toAssetDto } from './to-asset-dto';
import { emitWebhookEvent } from '@/lib/platform/webhooks/emit-webhook-event';

function invalidPhoto(message: string, reason: string): ValidationError {
  return new ValidationError(message, { issues: [{ path: 'photo', code: reason, message }] });
}

/** Stores the asset's photo (replacing any earlier one) and points photoUrl at the API's photo endpoint. */
export async function uploadAssetPhoto(tx: Tx, ctx: RequestContext, assetId: string, bytes: Uint8Array): Promise<{ photoUrl: string }> {
  if (bytes.byteLength === 0) throw invalidPhoto('The photo is empty.', 'empty');
  if (bytes.byteLength > MAX_PHOTO_BYTES) throw invalidPhoto('The photo is larger than 5 MB.', 'too_large');
  const contentType = sniffPhotoType(bytes);
  if (!contentType) throw invalidPhoto('The photo must be a PNG, JPEG or WebP image.', 'unsupported_type');
  const before = await findAssetRow(tx, ctx, assetId, true);
  const content = Buffer.from(bytes);
  const values = { contentType, sizeBytes: bytes.byteLength, content, uploadedByUserId: ctx.user.id, uploadedAt: ctx.now };
  await tx
    .insert(assetPhotos)
    .values({ assetId, organisationId: ctx.organisationId, ...values })
    .onConflictDoUpdate({ target: assetPhotos.assetId, set: values });
  const photoUrl = `/api/v1/assets/${assetId}/photo`;
  const [after] = await tx
    .update(assets)
    .set({ photoUrl, updatedAt: ctx.now })
    .where(and(eq(assets.organisationId, ctx.organisationId), eq(assets.id, assetId)))
    .returning(assetColumns);
  await recordAudit(tx, ctx, {
    action: 'ASSET_PHOTO_UPLOADED',
    targetType: 'ASSET',
    targetId: assetId,
    assetId,
    changes: before.photoUrl === photoUrl ? {} : { photoUrl: { before: before.photoUrl, after: photoUrl } },
    metadata: { contentType, sizeBytes: bytes.byteLength },
  });
  await emitWebhookEvent(tx, ctx, 'asset.updated', { asset: toAssetDto(after!) });
  return { photoUrl };
}
