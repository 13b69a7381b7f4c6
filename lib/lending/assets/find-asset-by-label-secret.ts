import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { assets } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { NotFoundError } from '@/lib/platform/core/errors';
import { hashLabelSecret, LABEL_SECRET_PATTERN } from './label-secret';

/**
 * The asset a scanned label belongs to, within the reader's own tenant only. A voided label (one a manager
 * replaced) finds nothing. The lookup is by digest, so no comparison ever touches the secret itself.
 */
export async function findAssetByLabelSecret(tx: Executor, ctx: Pick<RequestContext, 'organisationId'>, secret: string): Promise<{ id: string }> {
  const notFound = new NotFoundError('ASSET_NOT_FOUND', 'No asset has this label.', {});
  if (!LABEL_SECRET_PATTERN.test(secret)) throw notFound;
  const [asset] = await tx
    .select({ id: assets.id })
    .from(assets)
    .where(and(eq(assets.organisationId, ctx.organisationId), eq(assets.labelSecretHash, hashLabelSecret(secret))));
  if (!asset) throw notFound;
  return asset;
}
