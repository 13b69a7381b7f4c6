import { and, eq, inArray, or } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { assets } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { hashLabelSecret } from './label-secret';

export type FoundAsset = { id: string; name: string; viaLabelSecret: boolean };

/**
 * What people type under a label: the inventory number (as printed, or typed in lower case) or the secret code
 * printed under the label's QR code. The secret is matched by its digest, exactly.
 */
export async function findAssetByCode(tx: Tx, ctx: RequestContext, input: { code: string }): Promise<FoundAsset | null> {
  const code = input.code.trim();
  const digest = hashLabelSecret(code);
  const [row] = await tx
    .select({ id: assets.id, name: assets.name, labelSecretHash: assets.labelSecretHash })
    .from(assets)
    .where(and(eq(assets.organisationId, ctx.organisationId), or(inArray(assets.inventoryNumber, [code, code.toUpperCase()]), eq(assets.labelSecretHash, digest))))
    .limit(1);
  return row ? { id: row.id, name: row.name, viaLabelSecret: row.labelSecretHash === digest } : null;
}
