import { and, asc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { loans } from '@/db/schema';
import { hasRole } from '@/lib/platform/auth/roles';
import type { RequestContext } from '@/lib/platform/core/context';
import { toIsoDate } from '@/lib/platform/time';
import { listUserNames } from '@/lib/people/users/list-user-names';

/**
 * Who has an asset now (a loan picked up) or, failing that, its next approved booking. `name` is null where the
 * reader may not know it: like the asset's page, the holder of a loan picked up is named to everyone, while a
 * booking names its borrower only to asset managers and to the borrower themself.
 */
export type AssetHolder =
  | { kind: 'WITH'; name: string; mine: boolean; endDate: string; overdue: boolean }
  | { kind: 'BOOKED'; name: string | null; mine: boolean; startDate: string; endDate: string };

/**
 * The holder of each of a page's assets: one query for the loans and one for the names, whatever the page's
 * size. An asset with neither an active loan nor an approved booking to come is absent from the map.
 */
export async function listAssetHolders(tx: Tx, ctx: RequestContext, assetIds: readonly string[]): Promise<Map<string, AssetHolder>> {
  if (assetIds.length === 0) return new Map();
  const today = toIsoDate(ctx.now);
  const rows = await tx
    .selectDistinctOn([loans.assetId], { assetId: loans.assetId, status: loans.status, requesterId: loans.requesterId, startDate: loans.startDate, endDate: loans.endDate })
    .from(loans)
    .where(
      and(
        eq(loans.organisationId, ctx.organisationId),
        inArray(loans.assetId, [...assetIds]),
        // As on the asset's page: an ACTIVE loan counts even when overdue, an APPROVED one until its period has passed.
        or(eq(loans.status, 'ACTIVE'), and(eq(loans.status, 'APPROVED'), gte(loans.endDate, today))),
      ),
    )
    .orderBy(loans.assetId, sql`${loans.status} = 'ACTIVE' desc`, asc(loans.startDate));
  const manager = hasRole(ctx.user.role, 'ASSET_MANAGER');
  const named = rows.filter((row) => row.status === 'ACTIVE' || manager || row.requesterId === ctx.user.id);
  const names = await listUserNames(tx, ctx.organisationId, named.map((row) => row.requesterId));
  const holders = new Map<string, AssetHolder>();
  for (const row of rows) {
    const mine = row.requesterId === ctx.user.id;
    const name = names.get(row.requesterId) ?? 'Former user';
    holders.set(
      row.assetId,
      row.status === 'ACTIVE'
        ? { kind: 'WITH', name, mine, endDate: row.endDate, overdue: row.endDate < today }
        : { kind: 'BOOKED', name: named.includes(row) ? name : null, mine, startDate: row.startDate, endDate: row.endDate },
    );
  }
  return holders;
}
