import { and, eq, ne, isNull, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { dataDeletionRequests, persons, users } from '@/db/schema';
import { formatDate } from '@/lib/platform/format/dates';
import { createNotification } from '@/lib/platform/notifications/create-notification';
import { describeError, type DueItem, findDueItems, type JobDeps, runTenantUnit } from '@/lib/platform/jobs/job-deps';
import { overdueCondition } from '@/lib/privacy/erasure/deletion-requests/deletion-request-store';

export type NotifyOverdueErasureRequestsDeps = Pick<JobDeps, 'db' | 'now' | 'log'>;

const REQUESTS_PER_RUN = 100;

type OverdueRequest = { personId: string; personName: string; status: string; requestedAt: Date; targetDueAt: Date | null; legalDueAt: Date };

function describe(request: OverdueRequest, now: Date): string {
  const limit = now > request.legalDueAt ? `its 30-day legal limit, ${formatDate(request.legalDueAt)}` : `its 7-day target, ${formatDate(request.targetDueAt)}`;
  const next =
    request.status === 'pending'
      ? "It still waits for an administrator to check the person's identity and verify it, or to reject it."
      : 'It was verified, but the erasure has not been carried out yet; its page says why.';
  return `The request to erase the data of ${request.personName}, filed on ${formatDate(request.requestedAt)}, is past ${limit}. ${next}`;
}

/** Tells every active admin of the tenant (not the subject) once, and marks the request told, in one transaction. */
async function notifyRequest(tx: Tx, item: DueItem, now: Date): Promise<boolean> {
  const [request] = await tx
    .select({
      personId: dataDeletionRequests.personId,
      personName: sql<string>`${persons.firstName} || ' ' || ${persons.lastName}`,
      status: dataDeletionRequests.status,
      requestedAt: dataDeletionRequests.requestedAt,
      targetDueAt: dataDeletionRequests.targetDueAt,
      legalDueAt: dataDeletionRequests.legalDueAt,
    })
    .from(dataDeletionRequests)
    .innerJoin(persons, and(eq(persons.organisationId, dataDeletionRequests.organisationId), eq(persons.id, dataDeletionRequests.personId)))
    .where(and(eq(dataDeletionRequests.organisationId, item.organisationId), eq(dataDeletionRequests.id, item.id), isNull(dataDeletionRequests.overdueNotifiedAt), overdueCondition(now)))
    .for('update', { of: dataDeletionRequests });
  // Re-checked under the row lock: a concurrent run, a decision or the erasure itself may have come first.
  if (!request) return false;
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organisationId, item.organisationId), eq(users.role, 'ADMIN'), eq(users.isActive, true), ne(users.personId, request.personId)));
  for (const admin of admins) {
    await createNotification(tx, item.organisationId, {
      userId: admin.id,
      kind: 'DATA_DELETION_OVERDUE',
      title: `Erasure request overdue: ${request.personName}`,
      body: describe(request, now),
      link: `/admin/erasure-requests/${item.id}`,
    });
  }
  await tx.update(dataDeletionRequests).set({ overdueNotifiedAt: now }).where(and(eq(dataDeletionRequests.organisationId, item.organisationId), eq(dataDeletionRequests.id, item.id)));
  return true;
}

/**
 * Spec 001: an erasure request open past its 7-day target or its 30-day legal limit reaches every active admin of
 * its tenant in the app, once per request (overdue_notified_at, set in the same transaction); the admin
 * dashboard counts such requests too. The subject, if an admin, is not told: they may not decide on it.
 */
export async function notifyOverdueErasureRequests(deps: NotifyOverdueErasureRequestsDeps): Promise<{ notified: number }> {
  const now = deps.now();
  const due = await findDueItems(deps.db, sql`select id, organisation_id from app_overdue_data_deletions(${now.toISOString()}::timestamptz, ${REQUESTS_PER_RUN}::integer)`);
  let notified = 0;
  for (const item of due) {
    try {
      if (await runTenantUnit(deps.db, item.organisationId, (tx) => notifyRequest(tx, item, now))) notified += 1;
    } catch (error) {
      deps.log?.error(`[quartermaster] telling the admins of overdue erasure request ${item.id} failed: ${describeError(error)}`);
    }
  }
  return { notified };
}
