import { and, eq, inArray, or } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { assets } from '@/db/schema';
import type { RequestContext } from '@/lib/core/context';

export type FoundAsset = { id: string; name: string; viaQrToken: boolean };

/**
 * What people type under a label: the inventory number (as printed, or typed in lower case) or the code the QR label encodes. A QR
 * token is compared exactly, since it is a secret of the label.
 */
export async function findAssetByCode(tx: Tx, ctx: RequestContext, input: { code: string }): Promise<FoundAsset | null> {
  const code = input.code.trim();
  const [row] = await tx
    .select({ id: assets.id, name: assets.name, qrCodeToken: assets.qrCodeToken })
    .from(assets)
    .where(and(eq(assets.organisationId, ctx.organisationId), or(inArray(assets.inventoryNumber, [code, code.toUpperCase()]), eq(assets.qrCodeToken, code))))
    .limit(1);
  return row ? { id: row.id, name: row.name, viaQrToken: row.qrCodeToken === code } : null;
}
