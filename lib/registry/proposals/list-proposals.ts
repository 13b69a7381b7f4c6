import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { personChangeRequests, persons } from '@/db/schema';
import { buildPage, decodeCursor, type Page, timestampCursor } from '@/lib/platform/pagination';
import { findProposal, proposalColumns, toProposalDto } from './proposal-store';
import type { ListProposalsQuery, Proposal } from './schemas';

const personName = { firstName: persons.firstName, lastName: persons.lastName, anonymizedAt: persons.anonymizedAt };
const joinPerson = and(eq(persons.organisationId, personChangeRequests.organisationId), eq(persons.id, personChangeRequests.personId));

/** The admin's queue: oldest first, so proposals are decided in the order they were made. */
export async function listProposals(tx: Executor, ctx: { organisationId: string }, query: ListProposalsQuery): Promise<Page<Proposal>> {
  const filters: SQL[] = [eq(personChangeRequests.organisationId, ctx.organisationId)];
  if (query.status) filters.push(eq(personChangeRequests.status, query.status));
  if (query.personId) filters.push(eq(personChangeRequests.personId, query.personId));
  const where = and(...filters);
  const cursor = query.cursor ? decodeCursor(query.cursor, timestampCursor) : null;
  const pageWhere = cursor ? and(where, sql`(${personChangeRequests.createdAt}, ${personChangeRequests.id}) > (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`) : where;
  const [rows, [totals]] = await Promise.all([
    tx
      .select({ ...proposalColumns, person: personName })
      .from(personChangeRequests)
      .innerJoin(persons, joinPerson)
      .where(pageWhere)
      .orderBy(asc(personChangeRequests.createdAt), asc(personChangeRequests.id))
      .limit(query.limit + 1),
    tx.select({ total: count() }).from(personChangeRequests).where(where),
  ]);
  return buildPage(rows, query.limit, totals?.total ?? 0, ({ person, ...row }) => toProposalDto(row, person), (row) => [row.createdAt.toISOString(), row.id]);
}

export async function getProposal(tx: Executor, ctx: { organisationId: string }, proposalId: string): Promise<Proposal> {
  const row = await findProposal(tx, ctx.organisationId, proposalId);
  const [person] = await tx.select(personName).from(persons).where(and(eq(persons.organisationId, ctx.organisationId), eq(persons.id, row.personId)));
  return toProposalDto(row, person ?? null);
}
