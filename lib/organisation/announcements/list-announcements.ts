import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { announcements, persons, users } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import type { Announcement } from './schemas';

/** The organisation's news, newest first. */
export async function listAnnouncements(tx: Tx, ctx: RequestContext, limit: number): Promise<Announcement[]> {
  const rows = await tx
    .select({
      id: announcements.id,
      title: announcements.title,
      body: announcements.body,
      authorName: sql<string | null>`${persons.firstName} || ' ' || ${persons.lastName}`,
      publishedAt: announcements.publishedAt,
    })
    .from(announcements)
    .leftJoin(users, and(eq(users.organisationId, announcements.organisationId), eq(users.id, announcements.authorUserId)))
    .leftJoin(persons, and(eq(persons.organisationId, users.organisationId), eq(persons.id, users.personId)))
    .where(eq(announcements.organisationId, ctx.organisationId))
    .orderBy(desc(announcements.publishedAt), desc(announcements.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, publishedAt: row.publishedAt.toISOString() }));
}
