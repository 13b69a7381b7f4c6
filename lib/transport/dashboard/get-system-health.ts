import { count, eq, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '@/db/client';
import { auditLog, users } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';

export type SystemHealth = { userCount: number; activeUserCount: number; auditEntries: number; storageBytes: number };

// The tables that hold a tenant's data. Row-level security limits each sum to the caller's tenant, and the
// explicit filter says so again (DESIGN.md invariant 1).
const tenantTables = ['organisations', 'persons', 'users', 'categories', 'locations', 'assets', 'loans', 'notifications', 'outbox', 'announcements', 'invitations', 'backups', 'audit_log'] as const;

function storageQuery(organisationId: string) {
  const parts = tenantTables.map((table) => {
    const key = table === 'organisations' ? sql.raw('id') : sql.raw('organisation_id');
    return sql`(select coalesce(sum(pg_column_size(t.*)), 0) from ${sql.identifier(table)} t where t.${key} = ${organisationId}::uuid)`;
  });
  return sql`select (${sql.join(parts, sql` + `)})::bigint as bytes`;
}

/**
 * Users, audit entries and an approximation of the tenant's storage: the sum of its rows' sizes as stored
 * (after TOAST compression), without indexes or free space, which the tenant shares with everybody else.
 */
export async function getSystemHealth(tx: Tx, ctx: RequestContext): Promise<SystemHealth> {
  const [[people], [audit], storage] = await Promise.all([
    tx
      .select({ total: count(), active: sql<number>`count(*) filter (where ${users.isActive})::int` })
      .from(users)
      .where(eq(users.organisationId, ctx.organisationId)),
    tx.select({ total: count() }).from(auditLog).where(eq(auditLog.organisationId, ctx.organisationId)),
    tx.execute(storageQuery(ctx.organisationId)),
  ]);
  const [bytes] = rowsOf<{ bytes: string | number }>(storage);
  return {
    userCount: people?.total ?? 0,
    activeUserCount: people?.active ?? 0,
    auditEntries: audit?.total ?? 0,
    storageBytes: Number(bytes?.bytes ?? 0),
  };
}
