import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { dataDeletionRequests, persons, users } from '@/db/schema';
import { hasRole } from '@/lib/platform/auth/roles';
import type { RequestContext } from '@/lib/platform/core/context';
import { ConflictError, DomainError, NotFoundError } from '@/lib/platform/core/errors';
import type { ErasablePersonField } from '@/lib/privacy/erasure/erase-person';
import type { DataDeletionRequest, DataDeletionStatus } from './schemas';

export const DATA_DELETION_TARGET_MS = 7 * 24 * 60 * 60 * 1000;
export const DATA_DELETION_LEGAL_MS = 30 * 24 * 60 * 60 * 1000;
export const OPEN_DELETION_STATUSES = ['pending', 'verified', 'in_progress'] as const satisfies readonly DataDeletionStatus[];

export const dataDeletionRequestNotFound = (requestId: string) =>
  new NotFoundError('DATA_DELETION_REQUEST_NOT_FOUND', 'The erasure request does not exist.', { requestId });

export const dataDeletionStateConflict = (requestId: string, status: DataDeletionStatus, action: 'verify' | 'reject', allowedStatuses: DataDeletionStatus[] = ['pending']) =>
  new ConflictError('DATA_DELETION_REQUEST_STATE_CONFLICT', `A ${status.replace('_', ' ')} erasure request cannot be changed this way (${action}).`, {
    requestId,
    status,
    action,
    allowedStatuses,
  });

// Four-eyes: whoever decides on an erasure request is not its subject.
export const dataDeletionOwnRequest = (requestId: string) =>
  new DomainError('forbidden', 'DATA_DELETION_OWN_REQUEST', 'You cannot verify or reject an erasure request about yourself; another administrator has to decide on it.', { requestId });

// Four-eyes: an erasure cannot be undone, so whoever filed a request for someone else does not also verify it.
export const dataDeletionFilerCannotVerify = (requestId: string) =>
  new DomainError('forbidden', 'DATA_DELETION_FILER_CANNOT_VERIFY', 'You filed this erasure request, so another administrator has to verify it: an erasure cannot be undone, and takes two people.', {
    requestId,
  });

/** Whether the caller filed the request: the same account, or another account of the same person. */
export async function filedByCaller(tx: Executor, ctx: RequestContext, requestedByUserId: string | null): Promise<boolean> {
  if (requestedByUserId === null) return false;
  if (requestedByUserId === ctx.user.id) return true;
  const [filer] = await tx
    .select({ personId: users.personId })
    .from(users)
    .where(and(eq(users.organisationId, ctx.organisationId), eq(users.id, requestedByUserId)));
  return filer?.personId === ctx.user.personId;
}

export const personAlreadyErased = (personId: string) =>
  new ConflictError('PERSON_ALREADY_ERASED', 'This person has already been erased; there is nothing left to erase.', { personId });

export const dataDeletionColumns = {
  id: dataDeletionRequests.id,
  personId: dataDeletionRequests.personId,
  personName: sql<string>`${persons.firstName} || ' ' || ${persons.lastName}`,
  requestedAt: dataDeletionRequests.requestedAt,
  requestedByUserId: dataDeletionRequests.requestedByUserId,
  status: dataDeletionRequests.status,
  scope: dataDeletionRequests.scope,
  partialFields: dataDeletionRequests.partialFields,
  verificationMethod: dataDeletionRequests.verificationMethod,
  verificationNote: dataDeletionRequests.verificationNote,
  verifiedAt: dataDeletionRequests.verifiedAt,
  verifiedByUserId: dataDeletionRequests.verifiedByUserId,
  rejectionReason: dataDeletionRequests.rejectionReason,
  rejectedAt: dataDeletionRequests.rejectedAt,
  targetDueAt: dataDeletionRequests.targetDueAt,
  legalDueAt: dataDeletionRequests.legalDueAt,
  startedAt: dataDeletionRequests.startedAt,
  completedAt: dataDeletionRequests.completedAt,
  attempts: dataDeletionRequests.attempts,
  lastError: dataDeletionRequests.lastError,
};

export const withPerson = and(eq(persons.organisationId, dataDeletionRequests.organisationId), eq(persons.id, dataDeletionRequests.personId));

export type DataDeletionRow = {
  id: string;
  personId: string;
  personName: string;
  requestedAt: Date;
  requestedByUserId: string | null;
  status: DataDeletionStatus;
  scope: 'full' | 'partial';
  partialFields: string[];
  verificationMethod: 'phone' | 'video' | 'in_person' | null;
  verificationNote: string | null;
  verifiedAt: Date | null;
  verifiedByUserId: string | null;
  rejectionReason: string | null;
  rejectedAt: Date | null;
  targetDueAt: Date | null;
  legalDueAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  attempts: number;
  lastError: string | null;
};

/** Open and past its target or its legal limit, judged by `now`. */
export function isOverdue(row: Pick<DataDeletionRow, 'status' | 'targetDueAt' | 'legalDueAt'>, now: Date): boolean {
  if (!(OPEN_DELETION_STATUSES as readonly string[]).includes(row.status)) return false;
  return now > row.legalDueAt || (row.targetDueAt !== null && now > row.targetDueAt);
}

/** The same test in SQL, for the list filter and the dashboard's count. */
export function overdueCondition(now: Date): SQL {
  const at = now.toISOString();
  return and(
    inArray(dataDeletionRequests.status, [...OPEN_DELETION_STATUSES]),
    sql`(${dataDeletionRequests.legalDueAt} < ${at}::timestamptz or ${dataDeletionRequests.targetDueAt} < ${at}::timestamptz)`,
  )!;
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** The admin's notes and the job's errors are for admins; the subject sees the rest of their own request. */
export function toDataDeletionDto(row: DataDeletionRow, ctx: Pick<RequestContext, 'now' | 'user'>): DataDeletionRequest {
  const admin = hasRole(ctx.user.role, 'ADMIN');
  return {
    ...row,
    partialFields: row.partialFields as ErasablePersonField[],
    requestedAt: row.requestedAt.toISOString(),
    verificationNote: admin ? row.verificationNote : null,
    verifiedAt: iso(row.verifiedAt),
    rejectedAt: iso(row.rejectedAt),
    targetDueAt: iso(row.targetDueAt),
    legalDueAt: row.legalDueAt.toISOString(),
    overdue: isOverdue(row, ctx.now),
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    lastError: admin ? row.lastError : null,
  };
}

/** What the caller may see: an ADMIN every request of the tenant, anyone else the requests about themselves. */
export function visibleTo(ctx: RequestContext): SQL {
  const tenant = eq(dataDeletionRequests.organisationId, ctx.organisationId);
  return hasRole(ctx.user.role, 'ADMIN') ? tenant : and(tenant, eq(dataDeletionRequests.personId, ctx.user.personId))!;
}

export async function findVisibleRequest(tx: Executor, ctx: RequestContext, requestId: string, forUpdate = false): Promise<DataDeletionRow> {
  const query = tx
    .select(dataDeletionColumns)
    .from(dataDeletionRequests)
    .innerJoin(persons, withPerson)
    .where(and(visibleTo(ctx), eq(dataDeletionRequests.id, requestId)));
  const [row] = forUpdate ? await query.for('update', { of: dataDeletionRequests }) : await query;
  if (!row) throw dataDeletionRequestNotFound(requestId);
  return row;
}
