import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { invitations } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { buildPage, decodeCursor, type Page, timestampCursor } from '@/lib/platform/pagination';
import { selectOpenInvitations, toInvitationDto } from './invitation-store';
import type { Invitation, ListInvitationsQuery } from './schemas';

/** Open invitations, newest first, keyset-paged by (createdAt, id). */
export async function listInvitations(tx: Tx, ctx: RequestContext, query: ListInvitationsQuery): Promise<Page<Invitation>> {
  const cursor = query.cursor ? decodeCursor(query.cursor, timestampCursor) : null;
  const after = cursor
    ? or(lt(invitations.createdAt, new Date(cursor[0])), and(eq(invitations.createdAt, new Date(cursor[0])), lt(invitations.id, cursor[1])))
    : undefined;
  const [rows, [totals]] = await Promise.all([
    selectOpenInvitations(tx, ctx.organisationId, after)
      .orderBy(desc(invitations.createdAt), desc(invitations.id))
      .limit(query.limit + 1),
    tx
      .select({ total: count() })
      .from(invitations)
      .where(and(eq(invitations.organisationId, ctx.organisationId), isNull(invitations.acceptedAt))),
  ]);
  return buildPage(rows, query.limit, totals?.total ?? 0, toInvitationDto, (row) => [row.createdAt.toISOString(), row.id]);
}
