import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { donations } from '@/db/schema';
import { buildPage, decodeCursor, type Page, timestampCursor } from '@/lib/platform/pagination';
import { assertDuty } from '@/lib/platform/auth/duties';
import type { RequestContext } from '@/lib/platform/core/context';
import { donationColumns, toDonationDto } from './donation-store';
import type { Donation, ListDonationsQuery } from './schemas';

/** Newest first. Without the FINANCE duty only `personId=me` (or the caller's own id) is allowed. */
export async function listDonations(tx: Tx, ctx: RequestContext, query: ListDonationsQuery): Promise<Page<Donation>> {
  const personId = query.personId === 'me' ? ctx.user.personId : query.personId;
  if (personId !== ctx.user.personId) assertDuty(ctx, 'FINANCE', "Listing other persons' donations");
  const filters: SQL[] = [eq(donations.organisationId, ctx.organisationId)];
  if (personId) filters.push(eq(donations.personId, personId));
  if (query.campaign) filters.push(eq(donations.campaign, query.campaign));
  if (query.from) filters.push(gte(donations.donatedAt, new Date(query.from)));
  if (query.to) filters.push(lt(donations.donatedAt, new Date(query.to)));
  const where = and(...filters);
  const cursor = query.cursor ? decodeCursor(query.cursor, timestampCursor) : null;
  const pageWhere = cursor ? and(where, sql`(${donations.donatedAt}, ${donations.id}) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`) : where;
  const [rows, [totals]] = await Promise.all([
    tx.select(donationColumns).from(donations).where(pageWhere).orderBy(desc(donations.donatedAt), desc(donations.id)).limit(query.limit + 1),
    tx.select({ total: count() }).from(donations).where(where),
  ]);
  return buildPage(rows, query.limit, totals?.total ?? 0, toDonationDto, (row) => [row.donatedAt.toISOString(), row.id]);
}
