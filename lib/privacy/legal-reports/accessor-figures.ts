import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '@/db/client';
import type { ReportPeriod } from './report-period';
import type { SensitiveAccessFigures, SensitiveAccessor } from './schemas';

const TOP = 10;

type Row = { user_id: string; first_name: string; last_name: string; email: string | null; role: SensitiveAccessor['role']; kind: SensitiveAccessor['kinds'][number]['kind']; reads: number };

/**
 * Who read sensitive records in the period (SENSITIVE_RECORD_VIEWED, one entry per record read). Spec 001 asks for
 * the admin accessors: reads of a user's own records (their national identifier, their own treatments, a copy of
 * their own data) are their right of access, not an access to watch, so they are left out.
 */
export async function buildAccessorFigures(tx: Tx, organisationId: string, period: ReportPeriod): Promise<SensitiveAccessFigures> {
  const rows = rowsOf<Row>(
    await tx.execute(sql`
      with reads as (
        select a.actor_user_id as user_id, a.target_type as kind, count(*)::int as reads
        from audit_log a
        join users u on u.organisation_id = a.organisation_id and u.id = a.actor_user_id
        where a.organisation_id = ${organisationId} and a.action = 'SENSITIVE_RECORD_VIEWED'
          and a.occurred_at >= ${period.start.toISOString()}::timestamptz and a.occurred_at < ${period.end.toISOString()}::timestamptz
          and not (a.target_type = 'PERSON' and a.target_id = u.person_id::text)
          and not (a.target_type = 'MEDICAL_TREATMENT' and exists (
            select 1 from medical_treatments t where t.organisation_id = a.organisation_id and t.id::text = a.target_id and t.person_id = u.person_id))
          and not (a.target_type = 'ANTIDOPING_RECORD' and exists (
            select 1 from antidoping_records t where t.organisation_id = a.organisation_id and t.id::text = a.target_id and t.person_id = u.person_id))
          and not (a.target_type = 'INCIDENT_REPORT' and exists (
            select 1 from incident_reports t where t.organisation_id = a.organisation_id and t.id::text = a.target_id and t.person_id = u.person_id))
        group by a.actor_user_id, a.target_type
      )
      select r.user_id, p.first_name, p.last_name, u.email, u.role, r.kind, r.reads
      from reads r
      join users u on u.organisation_id = ${organisationId} and u.id = r.user_id
      join persons p on p.organisation_id = u.organisation_id and p.id = u.person_id
      order by r.user_id, r.kind
    `),
  );
  const byUser = new Map<string, Omit<SensitiveAccessor, 'rank'>>();
  for (const row of rows) {
    const accessor = byUser.get(row.user_id) ?? { userId: row.user_id, name: `${row.first_name} ${row.last_name}`, email: row.email, role: row.role, reads: 0, kinds: [] };
    accessor.reads += row.reads;
    accessor.kinds.push({ kind: row.kind, reads: row.reads });
    byUser.set(row.user_id, accessor);
  }
  const ranked = [...byUser.values()].sort((a, b) => b.reads - a.reads || a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
  for (const accessor of ranked) accessor.kinds.sort((a, b) => b.reads - a.reads || a.kind.localeCompare(b.kind));
  return {
    reads: ranked.reduce((sum, accessor) => sum + accessor.reads, 0),
    accessors: ranked.length,
    topAccessors: ranked.slice(0, TOP).map((accessor, index) => ({ rank: index + 1, ...accessor })),
  };
}
