import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { assets } from '@/db/schema';

/** Names of the given assets of the tenant, for lists that refer to assets by id. */
export async function listAssetNames(tx: Tx, organisationId: string, assetIds: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(assetIds)];
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select({ id: assets.id, name: assets.name })
    .from(assets)
    .where(and(eq(assets.organisationId, organisationId), inArray(assets.id, unique)));
  return new Map(rows.map((row) => [row.id, row.name]));
}
