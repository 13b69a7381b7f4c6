import { and, asc, eq, lt } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { assets, loans, persons, users } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { daysBetween, toIsoDate } from '@/lib/platform/time';
import { personName } from '@/lib/people/persons/person-name';

export type OverdueLoan = {
  id: string;
  assetName: string;
  inventoryNumber: string;
  borrowerName: string;
  borrowerEmail: string | null;
  endDate: string;
  daysOverdue: number;
};

/** ACTIVE loans past their end date, the longest overdue first. */
export async function listOverdueLoans(tx: Tx, ctx: RequestContext): Promise<OverdueLoan[]> {
  const today = toIsoDate(ctx.now);
  const rows = await tx
    .select({
      id: loans.id,
      assetName: assets.name,
      inventoryNumber: assets.inventoryNumber,
      borrowerName: personName,
      borrowerEmail: users.email,
      endDate: loans.endDate,
    })
    .from(loans)
    .innerJoin(assets, and(eq(assets.organisationId, loans.organisationId), eq(assets.id, loans.assetId)))
    .innerJoin(users, and(eq(users.organisationId, loans.organisationId), eq(users.id, loans.requesterId)))
    .innerJoin(persons, and(eq(persons.organisationId, users.organisationId), eq(persons.id, users.personId)))
    .where(and(eq(loans.organisationId, ctx.organisationId), eq(loans.status, 'ACTIVE'), lt(loans.endDate, today)))
    .orderBy(asc(loans.endDate), asc(loans.id))
    .limit(50);
  return rows.map((row) => ({ ...row, daysOverdue: daysBetween(row.endDate, today) }));
}
