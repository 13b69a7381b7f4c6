import { and, asc, count, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { persons, users } from '@/db/schema';
import type { Duty } from '@/lib/platform/auth/duties';
import type { RequestContext } from '@/lib/platform/core/context';
import { ForbiddenError } from '@/lib/platform/core/errors';
import { escapeLike } from '@/lib/platform/db/escape-like';
import type { PersonRole } from '@/db/schema/people';
import { canReadDirectory } from './get-person';

/** The kinds of records a directory can be narrowed to, each opened by a duty (docs/privacy/roles-and-duties.md). */
export const directoryRecordKinds = ['activities', 'medical', 'finance', 'incidents'] as const;
export type DirectoryRecordKind = (typeof directoryRecordKinds)[number];

export const directorySyncStates = ['synced', 'pending', 'conflict', 'pending_registration', 'local-only'] as const;
export type DirectorySyncState = (typeof directorySyncStates)[number];

export type PersonDirectoryQuery = {
  q?: string;
  primaryRole?: PersonRole;
  /** Persons whose account holds this duty. */
  duty?: Duty;
  syncState?: DirectorySyncState;
  /** Persons some record of this kind is about; only a kind the caller may read. */
  records?: DirectoryRecordKind;
  page: number;
  limit: number;
};

export type DirectoryPerson = {
  id: string;
  firstName: string;
  lastName: string;
  primaryRole: PersonRole | null;
  syncState: DirectorySyncState;
  registryId: string | null;
  deactivated: boolean;
  anonymised: boolean;
  processingRestricted: boolean;
  /** The person's portal account, if they have one. */
  account: { duties: Duty[]; isActive: boolean } | null;
};

export type PersonDirectoryPage = { people: DirectoryPerson[]; total: number; page: number; pageCount: number };

/** Which record kinds a caller reads for everyone: the same rules as the lists of those records. */
export function readableRecordKinds(ctx: { user: { role: string; duties: readonly Duty[] } }): DirectoryRecordKind[] {
  const { role, duties } = ctx.user;
  const kinds: DirectoryRecordKind[] = [];
  if (role === 'ADMIN' || duties.includes('COACH')) kinds.push('activities');
  if (duties.includes('MEDICAL')) kinds.push('medical');
  if (duties.includes('FINANCE')) kinds.push('finance');
  if (duties.includes('SAFEGUARDING')) kinds.push('incidents');
  return kinds;
}

// A record of the kind names the person as its subject; the composite keys keep it in the tenant.
const about = (table: string) => sql`exists (select 1 from ${sql.identifier(table)} r where r.organisation_id = ${persons.organisationId} and r.person_id = ${persons.id})`;

function concerns(kind: DirectoryRecordKind): SQL {
  switch (kind) {
    case 'activities':
      return about('activities');
    case 'medical':
      return or(about('medical_treatments'), about('antidoping_records'))!;
    case 'finance':
      return or(about('donations'), about('financial_transactions'))!;
    case 'incidents':
      return about('incident_reports');
  }
}

// The registry screen's reading (lib/registry/sync-admin/list-sync-persons.ts): no status is a local-only person.
const syncCondition = (state: DirectorySyncState): SQL => (state === 'local-only' ? isNull(persons.syncStatus) : eq(persons.syncStatus, state));
const syncStateOf = sql<DirectorySyncState>`coalesce(${persons.syncStatus}::text, 'local-only')`;

/**
 * The portal's directory of persons, by name, with numbered pages: the directory rule of GET /api/v1/persons
 * (canReadDirectory), the same non-sensitive fields, and filters a person uses to find someone. Narrowing to
 * the persons a kind of record is about is open only to a caller who reads that kind for everyone.
 */
export async function listPersonDirectory(tx: Tx, ctx: RequestContext, query: PersonDirectoryQuery): Promise<PersonDirectoryPage> {
  if (!canReadDirectory(ctx)) {
    throw new ForbiddenError('The directory of persons requires the ADMIN role or a duty.', { requiredRole: 'ADMIN', orDuty: 'any' });
  }
  if (query.records && !readableRecordKinds(ctx).includes(query.records)) {
    throw new ForbiddenError('Finding persons by records you may not read is not allowed.', { records: query.records });
  }
  const filters: SQL[] = [eq(persons.organisationId, ctx.organisationId)];
  if (query.q) {
    const words = query.q.split(/\s+/).filter(Boolean).slice(0, 5);
    for (const word of words) filters.push(sql`concat_ws(' ', ${persons.firstName}, ${persons.lastName}) ilike ${`%${escapeLike(word)}%`}`);
  }
  if (query.primaryRole) filters.push(eq(persons.primaryRole, query.primaryRole));
  if (query.duty) filters.push(sql`${query.duty}::user_duty = any(${users.duties})`);
  if (query.syncState) filters.push(syncCondition(query.syncState));
  if (query.records) filters.push(concerns(query.records));
  const where = and(...filters);
  const [rows, [totals]] = await Promise.all([
    tx
      .select({
          id: persons.id,
          firstName: persons.firstName,
          lastName: persons.lastName,
          primaryRole: persons.primaryRole,
          syncState: syncStateOf,
          registryId: persons.registryId,
          deletedAt: persons.deletedAt,
          anonymizedAt: persons.anonymizedAt,
          processingRestricted: persons.processingRestricted,
          userId: users.id,
          duties: users.duties,
          isActive: users.isActive,
        })
        .from(persons)
        .leftJoin(users, and(eq(users.organisationId, persons.organisationId), eq(users.personId, persons.id)))
        .where(where)
        .orderBy(asc(persons.lastName), asc(persons.firstName), asc(persons.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
    tx
      .select({ total: count() })
      .from(persons)
      .leftJoin(users, and(eq(users.organisationId, persons.organisationId), eq(users.personId, persons.id)))
      .where(where),
  ]);
  const total = totals?.total ?? 0;
  return {
    people: rows.map((row) => ({
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      primaryRole: row.primaryRole,
      syncState: row.syncState,
      registryId: row.registryId,
      deactivated: row.deletedAt !== null,
      anonymised: row.anonymizedAt !== null,
      processingRestricted: row.processingRestricted,
      account: row.userId ? { duties: row.duties ?? [], isActive: row.isActive ?? false } : null,
    })),
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / query.limit)),
  };
}
