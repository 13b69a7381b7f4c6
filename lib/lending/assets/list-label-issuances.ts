import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { assets, auditLog } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { listUserNames } from '@/lib/people/users/list-user-names';

export type LabelIssuance = {
  assetId: string;
  name: string;
  inventoryNumber: string;
  /** When the label on the asset was issued; null when it never was. */
  issuedAt: Date | null;
  /** Who issued it, from its audit entry; null when unknown (issued by an API client, or before the audit kept it). */
  issuedBy: { id: string; name: string } | null;
};

/**
 * The label state of the given assets of the tenant, in the order asked for; ids that name no asset are left
 * out. Two queries and a third for the names, whatever the number of assets.
 */
export async function listLabelIssuances(tx: Tx, ctx: RequestContext, assetIds: readonly string[]): Promise<LabelIssuance[]> {
  const unique = [...new Set(assetIds)];
  if (unique.length === 0) return [];
  const rows = await tx
    .select({ id: assets.id, name: assets.name, inventoryNumber: assets.inventoryNumber, issuedAt: assets.labelIssuedAt })
    .from(assets)
    .where(and(eq(assets.organisationId, ctx.organisationId), inArray(assets.id, unique)));
  const labelled = rows.filter((row) => row.issuedAt).map((row) => row.id);
  const issuers =
    labelled.length === 0
      ? []
      : await tx
          .selectDistinctOn([auditLog.assetId], { assetId: auditLog.assetId, actorUserId: auditLog.actorUserId })
          .from(auditLog)
          .where(and(eq(auditLog.organisationId, ctx.organisationId), inArray(auditLog.assetId, labelled), eq(auditLog.action, 'ASSET_LABEL_REISSUED')))
          .orderBy(auditLog.assetId, desc(auditLog.occurredAt), desc(auditLog.id));
  const issuerOf = new Map(issuers.map((row) => [row.assetId, row.actorUserId]));
  const names = await listUserNames(tx, ctx.organisationId, issuers.flatMap((row) => (row.actorUserId ? [row.actorUserId] : [])));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return unique.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const issuerId = issuerOf.get(id);
    return [
      {
        assetId: row.id,
        name: row.name,
        inventoryNumber: row.inventoryNumber,
        issuedAt: row.issuedAt,
        issuedBy: issuerId ? { id: issuerId, name: names.get(issuerId) ?? 'Former user' } : null,
      },
    ];
  });
}
