import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { assets } from '@/db/schema';
import type { RequestContext } from '@/lib/core/context';
import { NotFoundError } from '@/lib/core/errors';

/** The asset a scanned label belongs to, within the reader's own tenant only. */
export async function findAssetByQrToken(tx: Executor, ctx: Pick<RequestContext, 'organisationId'>, token: string): Promise<{ id: string }> {
  const [asset] = await tx
    .select({ id: assets.id })
    .from(assets)
    .where(and(eq(assets.organisationId, ctx.organisationId), eq(assets.qrCodeToken, token)));
  if (!asset) throw new NotFoundError('ASSET_NOT_FOUND', 'No asset has this QR code.', {});
  return asset;
}
