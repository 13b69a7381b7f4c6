import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '@/db/client';
import { organisations } from '@/db/schema';
import { buildPage, decodeCursor, type Page, timestampCursor } from '@/lib/platform/pagination';
import type { ListTenantDeliveriesQuery, TenantDelivery } from './schemas';

type Row = {
  id: string;
  event: string | null;
  registry_person_id: string | null;
  subject_id: string | null;
  person_id: string | null;
  changed_fields: string[];
  status: TenantDelivery['status'];
  attempts: number;
  received_at: Date;
  processed_at: Date | null;
  action: string | null;
  conflicts: number;
  total: number;
};

/**
 * What this tenant did with a delivery, read from its own audit log (the merge records the delivery id there).
 * The delivery's stored outcome counts every tenant's results, so it is never shown to one.
 */
function outcomeOf(row: Row): TenantDelivery['outcome'] {
  if (row.status === 'received' || row.status === 'retry') return 'waiting';
  if (row.status === 'failed' || row.status === 'rejected') return 'failed';
  if (row.action === 'PERSON_DEACTIVATED_BY_REGISTRY') return 'deactivated';
  if (row.action !== null) return row.conflicts > 0 ? 'conflict' : 'updated';
  return row.status === 'ignored' ? 'ignored' : 'unchanged';
}

/**
 * The registry's webhook deliveries that concern this tenant, newest first: those about a person it mirrors
 * now, or about its own registry organisation. The deliveries table is the platform's (no RLS), so this query
 * is the tenant boundary: it starts from the tenant's persons and organisation, which RLS does bound.
 */
export async function listTenantDeliveries(tx: Tx, ctx: { organisationId: string }, query: ListTenantDeliveriesQuery): Promise<Page<TenantDelivery>> {
  const [organisation] = await tx.select({ registryId: organisations.registryId }).from(organisations).where(eq(organisations.id, ctx.organisationId));
  const orgRegistryId = organisation?.registryId ?? null;
  const cursor = query.cursor ? decodeCursor(query.cursor, timestampCursor) : null;
  const after = cursor ? sql`where (m.received_at, m.id) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)` : sql``;
  const result = await tx.execute(sql`
    with mine as (
      select d.*, p.id as person_id from registry_webhook_deliveries d
        join persons p on p.organisation_id = ${ctx.organisationId} and p.registry_id = d.registry_person_id and p.anonymized_at is null
      union all
      select d.*, null::uuid as person_id from registry_webhook_deliveries d
        where ${orgRegistryId}::text is not null and d.registry_person_id is null and d.subject_id = ${orgRegistryId}::text and d.event like 'organization.%'
    )
    select m.id, m.event, m.registry_person_id, m.subject_id, m.person_id, m.changed_fields, m.status, m.attempts, m.received_at, m.processed_at,
      a.action, coalesce(jsonb_array_length(case when jsonb_typeof(a.metadata->'conflicts') = 'array' then a.metadata->'conflicts' end), 0)::int as conflicts,
      (select count(*)::int from mine) as total
    from mine m
    left join lateral (
      select l.action, l.metadata from audit_log l
      where l.organisation_id = ${ctx.organisationId} and l.target_id = coalesce(m.person_id::text, ${ctx.organisationId}::text) and l.metadata->>'deliveryId' = m.id::text
      order by l.occurred_at desc limit 1
    ) a on true
    ${after}
    order by m.received_at desc, m.id desc
    limit ${query.limit + 1}`);
  const rows = rowsOf<Row>(result).map((row) => ({ ...row, received_at: new Date(row.received_at), processed_at: row.processed_at ? new Date(row.processed_at) : null }));
  const total = rows[0]?.total ?? (cursor ? await countMine(tx, ctx.organisationId, orgRegistryId) : 0);
  return buildPage(
    rows,
    query.limit,
    total,
    (row) => ({
      id: row.id,
      event: row.event,
      registryPersonId: row.registry_person_id,
      subjectId: row.subject_id,
      personId: row.person_id,
      changedFields: row.changed_fields,
      status: row.status,
      outcome: outcomeOf(row),
      attempts: row.attempts,
      receivedAt: row.received_at.toISOString(),
      processedAt: row.processed_at?.toISOString() ?? null,
    }),
    (row) => [row.received_at.toISOString(), row.id],
  );
}

async function countMine(tx: Tx, organisationId: string, orgRegistryId: string | null): Promise<number> {
  const [row] = rowsOf<{ total: number }>(
    await tx.execute(sql`select
      (select count(*) from registry_webhook_deliveries d join persons p on p.organisation_id = ${organisationId} and p.registry_id = d.registry_person_id and p.anonymized_at is null)
      + (select count(*) from registry_webhook_deliveries d where ${orgRegistryId}::text is not null and d.registry_person_id is null and d.subject_id = ${orgRegistryId}::text and d.event like 'organization.%')
      as total`),
  );
  return Number(row?.total ?? 0);
}
