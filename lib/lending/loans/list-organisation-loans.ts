import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { assets, loans, persons, users } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { ForbiddenError } from '@/lib/platform/core/errors';
import { decodeCursor, encodeCursor, timestampCursor } from '@/lib/platform/pagination';
import { hasRole } from '@/lib/platform/auth/roles';
import { personName } from '@/lib/people/persons/person-name';
import { toIsoDate } from '@/lib/platform/time';
import { buildLoanFilter, type ResolvedLoanFilter } from './build-loan-filter';
import type { LoanStatus } from './schemas';

/** The tabs of the managers' loans view; each is a filter of GET /api/v1/loans (docs/api/loans.md). */
export const loanViews = ['awaiting', 'due_today', 'overdue', 'active', 'all'] as const;
export type LoanView = (typeof loanViews)[number];

export function loanViewFilter(view: LoanView, today: string): ResolvedLoanFilter {
  switch (view) {
    case 'awaiting':
      return { awaitingDecision: true };
    case 'due_today':
      return { dueOn: today };
    case 'overdue':
      return { status: 'OVERDUE' };
    case 'active':
      return { status: 'ACTIVE' };
    case 'all':
      return {};
  }
}

export type OrganisationLoan = {
  id: string;
  status: LoanStatus;
  overdue: boolean;
  assetId: string;
  assetName: string;
  inventoryNumber: string;
  borrowerName: string;
  borrowerEmail: string | null;
  startDate: string;
  endDate: string;
  extensionRequestedEndDate: string | null;
};

export type OrganisationLoansPage = { view: LoanView; loans: OrganisationLoan[]; counts: Record<LoanView, number>; nextCursor: string | null };

/**
 * One tab of every loan of the organisation, newest first and keyset-paged, with the size of every tab under the
 * same search. For asset managers: the API's rule for other people's loans.
 */
export async function listOrganisationLoans(tx: Tx, ctx: RequestContext, input: { view: LoanView; q?: string; cursor?: string; limit: number }): Promise<OrganisationLoansPage> {
  if (!hasRole(ctx.user.role, 'ASSET_MANAGER')) throw new ForbiddenError("Other people's loans are visible to asset managers only.", { requiredRole: 'ASSET_MANAGER' });
  const today = toIsoDate(ctx.now);
  const searched = buildLoanFilter(ctx.organisationId, { q: input.q }, today);
  const where = buildLoanFilter(ctx.organisationId, { ...loanViewFilter(input.view, today), q: input.q }, today);
  const cursor = input.cursor ? decodeCursor(input.cursor, timestampCursor) : null;
  const pageWhere = cursor ? and(where, sql`(${loans.createdAt}, ${loans.id}) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`) : where;
  const tabCount = (view: LoanView) => sql<number>`count(*) filter (where ${buildLoanFilter(ctx.organisationId, loanViewFilter(view, today), today)})::int`;
  const [rows, [counts]] = await Promise.all([
    tx
      .select({
        id: loans.id,
        status: loans.status,
        assetId: loans.assetId,
        assetName: assets.name,
        inventoryNumber: assets.inventoryNumber,
        borrowerName: personName,
        borrowerEmail: users.email,
        startDate: loans.startDate,
        endDate: loans.endDate,
        extensionRequestedEndDate: loans.extensionRequestedEndDate,
        createdAt: loans.createdAt,
      })
      .from(loans)
      .innerJoin(assets, and(eq(assets.organisationId, loans.organisationId), eq(assets.id, loans.assetId)))
      .innerJoin(users, and(eq(users.organisationId, loans.organisationId), eq(users.id, loans.requesterId)))
      .innerJoin(persons, and(eq(persons.organisationId, users.organisationId), eq(persons.id, users.personId)))
      .where(pageWhere)
      .orderBy(desc(loans.createdAt), desc(loans.id))
      .limit(input.limit + 1),
    tx
      .select({ awaiting: tabCount('awaiting'), due_today: tabCount('due_today'), overdue: tabCount('overdue'), active: tabCount('active'), all: sql<number>`count(*)::int` })
      .from(loans)
      .where(searched),
  ]);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    view: input.view,
    loans: page.map(({ createdAt: _createdAt, ...row }) => ({ ...row, overdue: row.status === 'ACTIVE' && row.endDate < today })),
    counts: counts ?? { awaiting: 0, due_today: 0, overdue: 0, active: 0, all: 0 },
    nextCursor: rows.length > input.limit && last ? encodeCursor([last.createdAt.toISOString(), last.id]) : null,
  };
}
