import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { assets } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { assetNotFound } from './errors';
import { generateLabelSecret, hashLabelSecret } from './label-secret';

export type IssuedLabelSecret = { assetId: string; secret: string; issuedAt: Date };

/**
 * A new secret for the asset's printed label; the previous label stops proving anything from this moment. The
 * plaintext leaves this function once, for printing: the row keeps its digest and the audit entry neither.
 */
export async function reissueLabelSecret(tx: Tx, ctx: RequestContext, assetId: string): Promise<IssuedLabelSecret> {
  const secret = generateLabelSecret();
  const [row] = await tx
    .update(assets)
    .set({ labelSecretHash: hashLabelSecret(secret), labelIssuedAt: ctx.now })
    .where(and(eq(assets.organisationId, ctx.organisationId), eq(assets.id, assetId)))
    .returning({ id: assets.id });
  if (!row) throw assetNotFound(assetId, ctx.organisationId);
  await recordAudit(tx, ctx, { action: 'ASSET_LABEL_REISSUED', targetType: 'ASSET', targetId: assetId, assetId, metadata: { issuedAt: ctx.now.toISOString() } });
  return { assetId, secret, issuedAt: ctx.now };
}
