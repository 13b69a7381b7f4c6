import type { Tx } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import { type IssuedLabelSecret, reissueLabelSecret } from './reissue-label-secret';

/**
 * New label secrets for a sheet of labels, all or none (one transaction): each asset's previous label stops
 * working, and each gets its own ASSET_LABEL_REISSUED audit entry. The caller bounds the number of assets
 * (MAX_LABELS_PER_SHEET).
 */
export async function reissueLabelSecrets(tx: Tx, ctx: RequestContext, assetIds: readonly string[]): Promise<IssuedLabelSecret[]> {
  const issued: IssuedLabelSecret[] = [];
  for (const assetId of new Set(assetIds)) issued.push(await reissueLabelSecret(tx, ctx, assetId));
  return issued;
}
