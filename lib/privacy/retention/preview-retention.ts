import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import type { RetentionKindResult } from '@/db/schema';
import {
  ACTIVITY_DELETE_KINDS,
  activityExpired,
  anyActivityExpired,
  auditCutoff,
  countOf,
  messageExpired,
  personExpired,
  PLAIN_DELETE_KINDS,
  plainExpired,
} from './expired-records';
import { RETENTION_POLICY, type RetentionKind } from './policy';

/**
 * What a retention run at `asOf` would do in one tenant, per policy row, in policy order: the records past their
 * period and still present. Counts only; call it in a transaction under the tenant's RLS (withTenant). A dry run
 * records these figures, and the legal report reads them as "records past retention still present".
 */
export async function previewRetention(tx: Executor, organisationId: string, asOf: Date): Promise<RetentionKindResult[]> {
  const counts = new Map<RetentionKind, number>();
  counts.set('person', await countOf(tx, sql`select count(*) as n from persons t where ${personExpired(organisationId, asOf)}`));
  for (const kind of ACTIVITY_DELETE_KINDS) {
    counts.set(kind, await countOf(tx, sql`select count(*) as n from activities t where ${activityExpired(kind, organisationId, asOf)}`));
  }
  counts.set(
    'activity_comment',
    await countOf(
      tx,
      sql`select count(*) as n from activity_comments k join activities t on t.organisation_id = k.organisation_id and t.id = k.activity_id
        where k.organisation_id = ${organisationId}::uuid and (${anyActivityExpired(organisationId, asOf)})`,
    ),
  );
  for (const kind of PLAIN_DELETE_KINDS) {
    const { table, where } = plainExpired(kind, organisationId, asOf);
    counts.set(kind, await countOf(tx, sql`select count(*) as n from ${table} t where ${where}`));
  }
  const message = messageExpired(organisationId, asOf);
  counts.set('message', await countOf(tx, sql`select count(*) as n from ${message.from} where ${message.where}`));
  const cutoff = await auditCutoff(tx, organisationId, asOf);
  counts.set(
    'audit_log',
    await countOf(tx, sql`select count(*) as n from audit_log where organisation_id = ${organisationId}::uuid and occurred_at <= ${cutoff.toISOString()}::timestamptz`),
  );
  return RETENTION_POLICY.map((row) => ({ kind: row.kind, action: row.action, count: row.action === 'keep' ? 0 : (counts.get(row.kind) ?? 0) }));
}

