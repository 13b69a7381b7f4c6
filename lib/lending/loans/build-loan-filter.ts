import { and, eq, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { loans } from '@/db/schema';
import { escapeLike } from '@/lib/platform/db/escape-like';
import type { LoanFilter } from './schemas';

export type ResolvedLoanFilter = Omit<LoanFilter, 'userId'> & { requesterId?: string };

/** What waits for an approver: pending requests, and extensions asked for on approved or active loans. */
export const awaitingDecision = or(
  eq(loans.status, 'PENDING_APPROVAL'),
  and(inArray(loans.status, ['APPROVED', 'ACTIVE']), isNotNull(loans.extensionRequestedEndDate)),
)!;

function statusFilter(status: NonNullable<LoanFilter['status']>, today: string): SQL {
  if (status === 'OVERDUE') return and(eq(loans.status, 'ACTIVE'), lt(loans.endDate, today))!;
  return eq(loans.status, status);
}

/**
 * Every word must occur in the borrower's name or e-mail address or the asset's name or inventory number. One
 * haystack per loan, so "emma projector" finds Emma's loan of a projector.
 */
function searchCondition(q: string): SQL | undefined {
  const words = q.split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  const patterns = words.map((word) => sql`${`%${escapeLike(word)}%`}`);
  return sql`exists (
    select 1 from assets a
      join users u on u.organisation_id = a.organisation_id and u.id = ${loans.requesterId}
      join persons p on p.organisation_id = u.organisation_id and p.id = u.person_id
    where a.organisation_id = ${loans.organisationId} and a.id = ${loans.assetId}
      and concat_ws(' ', a.name, a.inventory_number, p.first_name, p.last_name, u.email) ilike all (array[${sql.join(patterns, sql`, `)}]::text[]))`;
}

/** The one reading of the loan filters, for the API list and the portal's loan views alike. */
export function buildLoanFilter(organisationId: string, filter: ResolvedLoanFilter, today: string): SQL {
  const filters: (SQL | undefined)[] = [eq(loans.organisationId, organisationId)];
  if (filter.requesterId) filters.push(eq(loans.requesterId, filter.requesterId));
  if (filter.status) filters.push(statusFilter(filter.status, today));
  if (filter.assetId) filters.push(eq(loans.assetId, filter.assetId));
  if (filter.from) filters.push(sql`${loans.endDate} >= ${filter.from}::date`);
  if (filter.to) filters.push(sql`${loans.startDate} <= ${filter.to}::date`);
  if (filter.awaitingDecision === true) filters.push(awaitingDecision);
  if (filter.awaitingDecision === false) filters.push(sql`not (${awaitingDecision})`);
  if (filter.dueOn) filters.push(and(inArray(loans.status, ['APPROVED', 'ACTIVE']), eq(loans.endDate, filter.dueOn)));
  if (filter.q) filters.push(searchCondition(filter.q));
  return and(...filters)!;
}
