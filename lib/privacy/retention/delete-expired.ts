import { sql } from 'drizzle-orm';
import { type Database, rowsOf, type Tx } from '@/db/client';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import type { SystemContext } from '@/lib/platform/core/context';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { ACTIVITY_DELETE_KINDS, activityExpired, auditCutoff, messageExpired, PLAIN_DELETE_KINDS, plainExpired } from './expired-records';
import type { RetentionKind } from './policy';

/** Where one batch reports to: the run adds up the counts, a benchmark times the transactions. */
export type BatchReport = (batch: { kind: RetentionKind; count: number; ms: number }) => void;

export type DeleteDeps = { db: Database; ctx: SystemContext; runId: string; batchSize: number; onBatch?: BatchReport };

type Counts = Partial<Record<RetentionKind, number>>;

const add = (counts: Counts, kind: RetentionKind, n: number) => {
  counts[kind] = (counts[kind] ?? 0) + n;
};

/**
 * One batch in its own short transaction under the tenant's RLS, with its audit entry: no lock is held across
 * batches, so millions of expired rows never block the tenant's work for long. Returns how many rows went.
 */
async function inBatch(deps: DeleteDeps, kind: RetentionKind, work: (tx: Tx) => Promise<{ count: number; metadata?: Record<string, unknown> }>): Promise<number> {
  const started = performance.now();
  const count = await withTenant(deps.db, deps.ctx.organisationId, async (tx) => {
    const done = await work(tx);
    if (done.count > 0) {
      await recordAudit(tx, deps.ctx, {
        action: kind === 'audit_log' ? 'AUDIT_LOG_PURGED' : 'RETENTION_RECORDS_DELETED',
        targetType: 'RETENTION_RUN',
        targetId: deps.runId,
        metadata: { kind, count: done.count, asOf: deps.ctx.now.toISOString(), ...done.metadata },
      });
    }
    return done.count;
  });
  deps.onBatch?.({ kind, count, ms: performance.now() - started });
  return count;
}

async function untilDone(deps: DeleteDeps, kind: RetentionKind, counts: Counts, batch: (tx: Tx) => Promise<{ count: number; metadata?: Record<string, unknown> }>): Promise<void> {
  for (;;) {
    const n = await inBatch(deps, kind, batch);
    add(counts, kind, n);
    if (n < deps.batchSize) return;
  }
}

const first = <T>(rows: unknown) => rowsOf<T>(rows)[0];

/**
 * Deletes, in batches, every expired training and fan interaction with its comments. A kept activity that named
 * a deleted one as its parent loses that link (the parent is gone); it stays otherwise as it was.
 */
async function deleteActivities(deps: DeleteDeps, counts: Counts): Promise<void> {
  const org = deps.ctx.organisationId;
  for (const kind of ACTIVITY_DELETE_KINDS) {
    await untilDone(deps, kind, counts, async (tx) => {
      const row = first<{ activities: number; comments: number; detached: number }>(
        await tx.execute(sql`
          with batch as (select t.id from activities t where ${activityExpired(kind, org, deps.ctx.now)} limit ${deps.batchSize} for update),
          detached as (
            update activities c set parent_activity_id = null, updated_at = ${deps.ctx.now.toISOString()}::timestamptz
            where c.organisation_id = ${org}::uuid and c.parent_activity_id in (select id from batch) and c.id not in (select id from batch)
            returning 1),
          comments as (delete from activity_comments k where k.organisation_id = ${org}::uuid and k.activity_id in (select id from batch) returning 1),
          gone as (delete from activities a where a.organisation_id = ${org}::uuid and a.id in (select id from batch) returning 1)
          select (select count(*) from gone)::int as activities, (select count(*) from comments)::int as comments, (select count(*) from detached)::int as detached`),
      );
      add(counts, 'activity_comment', row?.comments ?? 0);
      return { count: row?.activities ?? 0, metadata: { comments: row?.comments ?? 0, childrenDetached: row?.detached ?? 0 } };
    });
  }
}

async function deletePlain(deps: DeleteDeps, counts: Counts): Promise<void> {
  for (const kind of PLAIN_DELETE_KINDS) {
    const { table, where } = plainExpired(kind, deps.ctx.organisationId, deps.ctx.now);
    await untilDone(deps, kind, counts, async (tx) => {
      const row = first<{ n: number }>(
        await tx.execute(sql`with gone as (delete from ${table} d where d.id in (select t.id from ${table} t where ${where} limit ${deps.batchSize}) returning 1) select count(*)::int as n from gone`),
      );
      return { count: row?.n ?? 0 };
    });
  }
}

/** Messages go; their conversation, its participants and settings stay (spec 001). */
async function deleteMessages(deps: DeleteDeps, counts: Counts): Promise<void> {
  const { from, where } = messageExpired(deps.ctx.organisationId, deps.ctx.now);
  await untilDone(deps, 'message', counts, async (tx) => {
    const row = first<{ n: number }>(
      await tx.execute(sql`with gone as (delete from messages d where d.id in (select m.id from ${from} where ${where} limit ${deps.batchSize}) returning 1) select count(*)::int as n from gone`),
    );
    return { count: row?.n ?? 0 };
  });
}

/** Through app_purge_audit_log only: the app role has no DELETE on the log, and its trigger refuses any other path. */
async function purgeAuditLog(deps: DeleteDeps, counts: Counts): Promise<void> {
  const org = deps.ctx.organisationId;
  const cutoff = await withTenant(deps.db, org, (tx) => auditCutoff(tx, org, deps.ctx.now));
  await untilDone(deps, 'audit_log', counts, async (tx) => {
    const row = first<{ n: number }>(await tx.execute(sql`select app_purge_audit_log(${org}::uuid, ${cutoff.toISOString()}::timestamptz, ${deps.batchSize}::integer) as n`));
    return { count: Number(row?.n ?? 0), metadata: { before: cutoff.toISOString() } };
  });
}

/** Every deleting policy row except persons (anonymised, see anonymise-persons.ts); the audit purge comes last. */
export async function deleteExpired(deps: DeleteDeps, counts: Counts): Promise<void> {
  await deleteActivities(deps, counts);
  await deletePlain(deps, counts);
  await deleteMessages(deps, counts);
  await purgeAuditLog(deps, counts);
}
