import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { assets, organisations, persons } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { assetNotFound } from '@/lib/lending/assets/errors';
import { personNotRegistered } from './assert-person-registered';
import type { LoanAsset } from './loan-asset';
import type { BusyRange } from './loan-store';
import { type LoanPolicy, parseLoanPolicy } from './policy';

/** One of the caller's own pending requests of the asset that overlaps the dates asked for. */
export type OwnOverlap = { id: string; status: 'PENDING_APPROVAL'; startDate: string; endDate: string };

export type RequestFacts = { policy: LoanPolicy; asset: LoanAsset; busy: BusyRange[]; own: OwnOverlap[] };

/**
 * Everything a new request is checked against, in one round trip: the requester's registration, the loan policy,
 * the asset, the approved or active loans of the asset overlapping the requested dates (the conflict check), and
 * the caller's own pending requests of it overlapping them (the duplicate check; an approved or active one is
 * in the way already, as a conflict).
 * The organisation row always exists, so a missing asset still tells the registration first, as before.
 */
export async function loadRequestFacts(tx: Executor, ctx: RequestContext, input: { assetId: string; startDate: string; endDate: string }): Promise<RequestFacts> {
  const [row] = await tx
    .select({
      loanPolicy: organisations.loanPolicy,
      syncStatus: sql<string | null>`(select ${persons.syncStatus} from ${persons} where ${and(eq(persons.organisationId, ctx.organisationId), eq(persons.id, ctx.user.personId))})`,
      id: assets.id,
      name: assets.name,
      inventoryNumber: assets.inventoryNumber,
      status: assets.status,
      categoryId: assets.categoryId,
      locationId: assets.locationId,
      labelSecretHash: assets.labelSecretHash,
      busy: sql<BusyRange[]>`(select coalesce(json_agg(json_build_object('startDate', b.start_date, 'endDate', b.end_date, 'status', b.status) order by b.start_date), '[]')
        from loans b where b.organisation_id = ${ctx.organisationId}::uuid and b.asset_id = ${assets.id} and b.status in ('APPROVED', 'ACTIVE')
        and b.start_date <= ${input.endDate}::date and b.end_date >= ${input.startDate}::date)`,
      own: sql<OwnOverlap[]>`(select coalesce(json_agg(json_build_object('id', o.id, 'status', o.status, 'startDate', o.start_date, 'endDate', o.end_date) order by o.start_date), '[]')
        from loans o where o.organisation_id = ${ctx.organisationId}::uuid and o.asset_id = ${assets.id} and o.requester_id = ${ctx.user.id}::uuid
        and o.status = 'PENDING_APPROVAL' and o.start_date <= ${input.endDate}::date and o.end_date >= ${input.startDate}::date)`,
    })
    .from(organisations)
    .leftJoin(assets, and(eq(assets.organisationId, organisations.id), eq(assets.id, input.assetId)))
    .where(eq(organisations.id, ctx.organisationId));
  if (row?.syncStatus === 'pending_registration') throw personNotRegistered(ctx.user.personId);
  if (!row?.id || !row.name || !row.inventoryNumber || !row.status || !row.categoryId || !row.locationId) throw assetNotFound(input.assetId, ctx.organisationId);
  const asset: LoanAsset = { id: row.id, name: row.name, inventoryNumber: row.inventoryNumber, status: row.status, categoryId: row.categoryId, locationId: row.locationId, labelSecretHash: row.labelSecretHash };
  return { policy: parseLoanPolicy(row.loanPolicy), asset, busy: row.busy ?? [], own: row.own ?? [] };
}
